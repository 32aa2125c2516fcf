import { describe, expect, it } from 'vitest';
import { readPrice } from './price.ts';

describe('readPrice: a price as a Vietnamese seller types it', () => {
  it.each([
    ['', 0],
    ['0', 0],
    ['99.000', 99_000],
    ['99,000', 99_000],
    ['99 000', 99_000],
    ['99000', 99_000],
    [' 1.250.000 VNĐ ', 1_250_000],
    ['10.000đ', 10_000],
    ['100.000.000', 100_000_000],
  ])('%j is %d đồng', (text, amount) => {
    expect(readPrice(text)).toEqual({ ok: true, amount });
  });

  it.each([
    ['99', 'min'],
    ['9.999', 'min'],
    ['100.000.001', 'max'],
    ['1.5', 'whole'],
    ['99,50', 'whole'],
    ['1.234,000', 'nonNegative'],
    ['99.00', 'whole'],
    ['-10.000', 'nonNegative'],
    ['abc', 'nonNegative'],
  ])('%j is refused (%s)', (text, problem) => {
    expect(readPrice(text)).toEqual({ ok: false, problem });
  });
});

import { describe, expect, it } from 'vitest';
import { downloadFileName, parseWorkflowRef, slugify, workflowPath } from './slug.ts';
import { formatVnd, PRICE_BANDS } from './price.ts';

describe('slugify', () => {
  it('drops Vietnamese accents, đ included', () => {
    expect(slugify('Quản lý đơn hàng Đà Nẵng')).toBe('quan-ly-don-hang-da-nang');
  });
  it('never returns an empty slug', () => {
    expect(slugify('!!!')).toBe('workflow');
  });
  it('bounds the length without a trailing hyphen', () => {
    const slug = slugify('word '.repeat(60));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('parseWorkflowRef', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
  it('reads the canonical slug-id form', () => {
    expect(parseWorkflowRef(`send-slack-alerts-${id}`)).toEqual({ id, slug: 'send-slack-alerts' });
  });
  it('accepts a bare id and a bare slug', () => {
    expect(parseWorkflowRef(id)).toEqual({ id });
    expect(parseWorkflowRef('send-slack-alerts')).toEqual({ slug: 'send-slack-alerts' });
  });
  it('round-trips with workflowPath', () => {
    expect(workflowPath({ slug: 'a-b', id })).toBe(`/workflows/a-b-${id}`);
  });
});

describe('downloadFileName', () => {
  it('is accent-free and safe', () => {
    expect(downloadFileName('Báo cáo / "doanh thu"')).toBe('bao-cao-doanh-thu.json');
    expect(downloadFileName('Báo cáo', '1.1 beta/../x')).toBe('bao-cao-v1.1-beta-..-x.json');
  });
});

describe('formatVnd', () => {
  it('uses the locale thousands separator', () => {
    expect(formatVnd(1_234_000, 'vi')).toBe('1.234.000 VNĐ');
    expect(formatVnd(1_234_000, 'en')).toBe('1,234,000 VNĐ');
  });
  it('puts every paid price in exactly one band', () => {
    for (const price of [1, 99_999, 100_000, 499_999, 500_000, 10_000_000]) {
      const bands = (['under-100k', '100k-500k', 'over-500k'] as const).filter(
        (band) => price >= PRICE_BANDS[band].min && (PRICE_BANDS[band].max ?? Infinity) > price,
      );
      expect(bands).toHaveLength(1);
    }
  });
});

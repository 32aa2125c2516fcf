import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials-avatar';

describe('initialsOf', () => {
  it.each([
    ['Nguyễn Văn An', 'NA'],
    ['ngọc', 'N'],
    ['  Đặng   Thu  Thảo ', 'ĐT'],
    ['', '?'],
  ])('%j → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  it('uses the fallback (the e-mail) when there is no name', () => {
    expect(initialsOf(null, 'an@example.com')).toBe('A');
  });
});

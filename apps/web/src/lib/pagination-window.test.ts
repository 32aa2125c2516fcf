import { describe, expect, it } from 'vitest';
import { paginationWindow } from './pagination-window';

describe('paginationWindow', () => {
  it('lists every page when there are 7 or fewer', () => {
    expect(paginationWindow(0, 1)).toEqual([0]);
    expect(paginationWindow(3, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('shows first, last, current and two neighbours with gaps', () => {
    expect(paginationWindow(0, 10)).toEqual([0, 1, 2, 'gap-end', 9]);
    expect(paginationWindow(5, 10)).toEqual([0, 'gap-start', 3, 4, 5, 6, 7, 'gap-end', 9]);
    expect(paginationWindow(9, 10)).toEqual([0, 'gap-start', 7, 8, 9]);
  });

  it('does not leave a gap of zero pages', () => {
    expect(paginationWindow(3, 8)).toEqual([0, 1, 2, 3, 4, 5, 'gap-end', 7]);
    expect(paginationWindow(4, 8)).toEqual([0, 'gap-start', 2, 3, 4, 5, 6, 7]);
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingStars } from './rating-stars';

const filledStars = (container: HTMLElement) =>
  [...container.querySelectorAll('svg')].filter((star) => star.classList.contains('fill-amber-400')).length;

describe('rating stars', () => {
  it('fills as many of the five stars as the rounded rating', () => {
    for (const [value, filled] of [
      [0, 0],
      [2.4, 2],
      [3.5, 4],
      [5, 5],
    ] as const) {
      const { container, unmount } = render(<RatingStars value={value} />);
      expect(container.querySelectorAll('svg')).toHaveLength(5);
      expect(filledStars(container), `rating ${value}`).toBe(filled);
      unmount();
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Postings, addWhereListed, densify, intersect, intersectDense } from './postings.ts';

describe('the phrase bonus over a query’s candidates', () => {
  it('adds the weight of every listed candidate, whichever side is longer (walk or gallop)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 4_000 }), { maxLength: 40 }),
        fc.uniqueArray(
          fc.record({ slot: fc.integer({ min: 0, max: 4_000 }), mask: fc.integer({ min: 1, max: 3 }) }),
          {
            selector: (entry) => entry.slot,
            maxLength: 2_000,
          },
        ),
        (candidateSlots, listed) => {
          const candidates = Int32Array.from(candidateSlots.sort((a, b) => a - b));
          const list = new Postings();
          for (const { slot, mask } of [...listed].sort((a, b) => a.slot - b.slot)) list.add(slot, mask);
          const score = new Float64Array(4_001).fill(1);
          addWhereListed(candidates, candidates.length, list, score, (mask) => mask * 10);
          const maskOf = new Map(listed.map(({ slot, mask }) => [slot, mask]));
          for (let slot = 0; slot <= 4_000; slot++) {
            const isCandidate = candidateSlots.includes(slot);
            const expected = isCandidate && maskOf.has(slot) ? 1 + maskOf.get(slot)! * 10 : 1;
            expect(score[slot]).toBe(expected);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('a match as a byte per slot', () => {
  const scored = (entries: Array<{ slot: number; score: number }>) => {
    const sorted = [...entries].sort((a, b) => a.slot - b.slot);
    return {
      slots: Int32Array.from(sorted.map((entry) => entry.slot)),
      scores: Float64Array.from(sorted.map((entry) => entry.score)),
    };
  };
  const entries = (maxScore: number) =>
    fc.uniqueArray(
      fc.record({ slot: fc.integer({ min: 0, max: 3_000 }), score: fc.integer({ min: 1, max: maxScore }) }),
      { selector: (entry) => entry.slot, maxLength: 1_500 },
    );

  it('intersects to the same documents and summed scores as walking both lists', () => {
    fc.assert(
      fc.property(entries(40), entries(40), (a, b) => {
        const dense = densify(scored(b), 3_001);
        expect(dense).not.toBeNull();
        const into = { slots: new Int32Array(a.length), scores: new Float64Array(a.length) };
        expect(intersectDense(scored(a), dense!, into)).toEqual(intersect(scored(a), scored(b), 'sum'));
        // Compacting a list in place gives the same answer.
        const own = scored(a);
        expect(intersectDense(own, dense!, own)).toEqual(intersect(scored(a), scored(b), 'sum'));
      }),
      { numRuns: 200 },
    );
  });

  it('is not made for a match with more than 255 different scores', () => {
    const many = scored(Array.from({ length: 300 }, (_, slot) => ({ slot, score: slot + 1 })));
    expect(densify(many, 300)).toBeNull();
  });
});

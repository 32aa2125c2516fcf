import { describe, expect, it } from 'vitest';
import { createCardCache } from './card-cache.ts';

interface Card {
  id: string;
  title: string;
}

/** A card cache over an in-memory table that records every load. */
function cacheOver(table: Map<string, Card>, max = 100) {
  const loads: string[][] = [];
  let release: (() => void) | null = null;
  let held = false;
  const cache = createCardCache<Card>({
    load: async (ids) => {
      loads.push(ids);
      const rows = ids.flatMap((id) => (table.has(id) ? [{ ...table.get(id)! }] : []));
      if (held) await new Promise<void>((resolve) => (release = resolve));
      return rows;
    },
    ttlMs: 60_000,
    max,
  });
  return {
    cache,
    loads,
    /** Makes the next load wait until `release()`. */
    hold: () => (held = true),
    release: () => {
      held = false;
      release?.();
    },
  };
}

const table = () =>
  new Map(['a', 'b', 'c', 'd'].map((id) => [id, { id, title: `Workflow ${id.toUpperCase()} – Việt` }]));

describe('the catalogue card cache', () => {
  it('answers in the order asked, loads only what it lacks, and keeps each card as its JSON bytes', async () => {
    const { cache, loads } = cacheOver(table());
    expect((await cache.get(['c', 'a', 'x'])).map((card) => card.id)).toEqual(['c', 'a']);
    const json = await cache.json(['a', 'b']);
    expect(loads).toEqual([['c', 'a', 'x'], ['b']]);
    expect(json.map((bytes) => bytes.toString())).toEqual(
      ['a', 'b'].map((id) => JSON.stringify({ id, title: `Workflow ${id.toUpperCase()} – Việt` })),
    );
  });

  it('does not keep the old card when the row changed while it was being loaded', async () => {
    const rows = table();
    const { cache, loads, hold, release } = cacheOver(rows);
    hold();
    const loading = cache.get(['a']);
    await Promise.resolve();
    rows.set('a', { id: 'a', title: 'Renamed' });
    cache.forget(['a']);
    release();
    expect((await loading)[0]!.title).toBe('Workflow A – Việt');
    expect((await cache.get(['a']))[0]!.title).toBe('Renamed');
    expect(loads).toEqual([['a'], ['a']]);
  });

  it('preloads what it lacks in batches, up to its size, so searches then need no load', async () => {
    const { cache, loads } = cacheOver(table(), 3);
    await cache.get(['b']);
    await cache.preload(['a', 'b', 'c', 'd'], 2);
    expect(loads).toEqual([['b'], ['a'], ['c', 'd']]);
    expect(cache.size).toBe(3);
    await cache.get(['c', 'd']);
    expect(loads).toHaveLength(3);
  });

  it('forgets everything after a full reload and loads again on demand', async () => {
    const { cache, loads } = cacheOver(table());
    await cache.preload(['a', 'b']);
    cache.forget(null);
    expect(cache.size).toBe(0);
    await cache.get(['a']);
    expect(loads).toEqual([['a', 'b'], ['a']]);
  });
});

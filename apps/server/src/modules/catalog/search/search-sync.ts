import type { FastifyBaseLogger } from 'fastify';
import { SearchIndex, type IndexedWorkflow } from '@flowbay/search';

export type Stamped = IndexedWorkflow & { stamp: number };

/** What the index needs from the database (catalog.repository.ts implements it). */
export interface SearchSource {
  /** Use-case names in English and Vietnamese, for cross-language synonyms. */
  taxonomyPairs(): Promise<Array<readonly [string, string]>>;
  /** The database's clock now (changes are stamped with it). */
  databaseNow(): Promise<Date>;
  /** Every listed workflow, in batches. */
  listedBatches(batchSize: number): AsyncIterable<Stamped[]>;
  /** Every listed workflow, in batches, each with its change stamp (µs since the epoch). */
  /** Ids and change stamps of the workflows stamped at or after `since` (any status). */
  changedSince(since: Date): Promise<Array<{ id: string; stamp: number }>>;
  /** These workflows as the index holds them: the listed ones, and the ids of the rest. */
  byIds(ids: string[]): Promise<{ listed: Stamped[]; gone: string[] }>;
  countListed(): Promise<number>;
}

export interface SearchSyncOptions {
  source: SearchSource;
  /** How old the index may be before a request refreshes it (ms); 0: before every request. */
  refreshMs: number;
  /** How often everything is reloaded, catching what a change feed can miss (hard deletes). */
  fullReloadMs?: number;
  log?: FastifyBaseLogger;
  now?: () => number;
}

/**
 * A change is stamped when its statement runs, but other processes see it only when its transaction
 * commits; reading back this far past the last poll catches transactions that took that long.
 */
const OVERLAP_MS = 15_000;
const BATCH = 5_000;

/**
 * Keeps one process's search index in step with the database (docs/decisions/0007-search-index.md):
 * a full load on first use, then the rows changed since the last poll (a trigger stamps
 * `search_changed_at`), at most every `refreshMs`; a write in this process makes the next search
 * wait for its own change. Every process holds its own copy: nothing here is shared state.
 */
export function createSearchSync(options: SearchSyncOptions) {
  const now = options.now ?? Date.now;
  const fullReloadMs = options.fullReloadMs ?? 10 * 60_000;
  let index: SearchIndex | null = null;
  /** The change stamp each workflow had when it was last read: a poll re-reads only newer ones. */
  let stamps = new Map<string, number>();
  let since: Date | null = null;
  let lastPoll = 0;
  let lastFull = 0;
  let dirty = false;
  let running: Promise<void> | null = null;
  const listeners: Array<(ids: string[] | null) => void> = [];
  const loadListeners: Array<(index: SearchIndex) => void> = [];
  /** Tells listeners which workflows changed (null: everything may have). */
  const changed = (ids: string[] | null) => {
    for (const listener of listeners) listener(ids);
  };

  async function load(): Promise<void> {
    const started = await options.source.databaseNow();
    const fresh = new SearchIndex(await options.source.taxonomyPairs());
    const freshStamps = new Map<string, number>();
    for await (const batch of options.source.listedBatches(BATCH)) {
      for (const workflow of batch) {
        fresh.upsert(workflow);
        freshStamps.set(workflow.id, workflow.stamp);
      }
    }
    index = fresh;
    stamps = freshStamps;
    changed(null);
    for (const listener of loadListeners) listener(fresh);
    since = new Date(started.getTime() - OVERLAP_MS);
    lastPoll = lastFull = now();
  }

  async function poll(): Promise<void> {
    if (!index || !since) return load();
    if (now() - lastFull >= fullReloadMs || index.dead > Math.max(1000, index.size)) return load();
    const started = await options.source.databaseNow();
    // The overlap re-reads recent stamps every poll; only rows whose stamp moved are fetched whole.
    const moved = (await options.source.changedSince(since))
      .filter(({ id, stamp }) => stamps.get(id) !== stamp)
      .map(({ id }) => id);
    if (moved.length > 0) changed(moved);
    for (let at = 0; at < moved.length; at += BATCH) {
      const { listed, gone } = await options.source.byIds(moved.slice(at, at + BATCH));
      for (const workflow of listed) {
        index.upsert(workflow);
        stamps.set(workflow.id, workflow.stamp);
      }
      for (const id of gone) {
        index.remove(id);
        stamps.delete(id);
      }
    }
    since = new Date(started.getTime() - OVERLAP_MS);
    lastPoll = now();
  }

  /** One refresh at a time; callers arriving meanwhile share it. */
  function refresh(): Promise<void> {
    running ??= poll()
      .catch((error: unknown) => {
        // A failed poll keeps the index as it was (searches go on); the next request tries again.
        options.log?.warn({ err: error }, 'search index refresh failed');
        if (!index) throw error;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    /** The index, fresh enough for a request. */
    async current(): Promise<SearchIndex> {
      if (!index || dirty) {
        dirty = false;
        // A poll that started before this process's write may have missed it: wait, then poll again.
        await running;
        await refresh();
      } else if (now() - lastPoll >= options.refreshMs) {
        if (options.refreshMs === 0) await refresh();
        else void refresh();
      }
      return index!;
    },
    /**
     * For metrics: the documents the index holds (0 before its first load) and when it last caught up
     * with the database (ms since the epoch on `now`'s clock; null before its first load).
     */
    status(): { documents: number; refreshedAt: number | null } {
      return { documents: index?.size ?? 0, refreshedAt: index ? lastPoll : null };
    },
    /** A write in this process: the next search first reads it back. */
    markDirty() {
      dirty = true;
      // A write may have changed what a card shows from another table (the author's name): forget them.
      changed(null);
    },
    /** Called with the ids of workflows whose rows changed (null after a full reload). */
    onChange(listener: (ids: string[] | null) => void) {
      listeners.push(listener);
    },
    /** Called with the index after each full load (at start, then every `fullReloadMs`). */
    onLoad(listener: (index: SearchIndex) => void) {
      loadListeners.push(listener);
    },
    /** Reloads everything now (tests and the bench). */
    async reload() {
      await running;
      await load();
    },
  };
}

export type SearchSync = ReturnType<typeof createSearchSync>;

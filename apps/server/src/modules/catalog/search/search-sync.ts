import type { FastifyBaseLogger } from 'fastify';
import { SearchIndex, type IndexedWorkflow } from './search-index.ts';

/** What the index needs from the database (catalog.repository.ts implements it). */
export interface SearchSource {
  /** Use-case names in English and Vietnamese, for cross-language synonyms. */
  taxonomyPairs(): Promise<Array<readonly [string, string]>>;
  /** The database's clock now (changes are stamped with it). */
  databaseNow(): Promise<Date>;
  /** Every listed workflow, in batches. */
  listedBatches(batchSize: number): AsyncIterable<IndexedWorkflow[]>;
  /** Workflows changed at or after `since` (any status): the listed ones and the ids of the rest. */
  changedSince(since: Date): Promise<{ listed: IndexedWorkflow[]; gone: string[] }>;
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
  let since: Date | null = null;
  let lastPoll = 0;
  let lastFull = 0;
  let dirty = false;
  let running: Promise<void> | null = null;

  async function load(): Promise<void> {
    const started = await options.source.databaseNow();
    const fresh = new SearchIndex(await options.source.taxonomyPairs());
    for await (const batch of options.source.listedBatches(BATCH)) {
      for (const workflow of batch) fresh.upsert(workflow);
    }
    index = fresh;
    since = new Date(started.getTime() - OVERLAP_MS);
    lastPoll = lastFull = now();
  }

  async function poll(): Promise<void> {
    if (!index || !since) return load();
    if (now() - lastFull >= fullReloadMs || index.dead > Math.max(1000, index.size)) return load();
    const started = await options.source.databaseNow();
    const { listed, gone } = await options.source.changedSince(since);
    for (const workflow of listed) index.upsert(workflow);
    for (const id of gone) index.remove(id);
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
    /** A write in this process: the next search first reads it back. */
    markDirty() {
      dirty = true;
    },
    /** Reloads everything now (tests and the bench). */
    async reload() {
      await running;
      await load();
    },
  };
}

export type SearchSync = ReturnType<typeof createSearchSync>;

/**
 * Catalogue cards by workflow id, kept in this process as UTF-8 JSON so a search answers without a
 * database round trip (docs/decisions/0007-search-index.md). A card is encoded once, when it is
 * loaded: an answer is then these bytes joined, with no per-request encoding or length scan. An entry
 * is dropped when the search index sees its row change, and lives at most `ttlMs`.
 */
export function createCardCache<Row extends { id: string }>(options: {
  load: (ids: string[]) => Promise<Row[]>;
  ttlMs: number;
  max: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { json: Buffer; until: number }>();
  /**
   * Forgetting is counted, so a load that was under way when its rows changed does not put the old
   * rows back: `forgotAt` is when each id was last forgotten, `allForgotAt` when everything was.
   */
  let forgets = 0;
  let allForgotAt = 0;
  const forgotAt = new Map<string, number>();

  /** Loads `ids` (none of them cached) and keeps what is still current. */
  async function fill(ids: string[], at: number): Promise<Map<string, Buffer>> {
    const started = forgets;
    const loaded = new Map<string, Buffer>();
    for (const row of await options.load(ids)) {
      const json = Buffer.from(JSON.stringify(row));
      loaded.set(row.id, json);
      if (allForgotAt > started || (forgotAt.get(row.id) ?? 0) > started) continue;
      entries.delete(row.id);
      if (entries.size >= options.max) entries.delete(entries.keys().next().value!);
      entries.set(row.id, { json, until: at + options.ttlMs });
    }
    return loaded;
  }

  const cache = {
    /** The JSON of the rows of these ids that exist, in the order given. */
    async json(ids: string[]): Promise<Buffer[]> {
      const at = now();
      const missing = ids.filter((id) => {
        const entry = entries.get(id);
        return !entry || entry.until <= at;
      });
      const loaded = missing.length > 0 ? await fill(missing, at) : null;
      return ids.flatMap((id) => {
        const json = loaded?.get(id) ?? entries.get(id)?.json;
        return json ? [json] : [];
      });
    },
    /** The rows of these ids that exist, in the order given. */
    async get(ids: string[]): Promise<Row[]> {
      return (await cache.json(ids)).map((json) => JSON.parse(json.toString()) as Row);
    },
    /**
     * Loads the cards of `ids` that are not cached, `batch` at a time, while there is room: a
     * process fills its cache once instead of one database round trip per search at first.
     */
    async preload(ids: readonly string[], batch = 1_000): Promise<void> {
      for (let start = 0; start < ids.length && entries.size < options.max; start += batch) {
        const at = now();
        const missing = ids.slice(start, start + batch).filter((id) => !entries.has(id));
        if (missing.length > 0) await fill(missing, at);
      }
    },
    get size(): number {
      return entries.size;
    },
    /** Forgets these ids (null: all). */
    forget(ids: string[] | null) {
      forgets++;
      if (ids === null) {
        entries.clear();
        forgotAt.clear();
        allForgotAt = forgets;
        return;
      }
      for (const id of ids) {
        entries.delete(id);
        forgotAt.set(id, forgets);
      }
    },
  };
  return cache;
}

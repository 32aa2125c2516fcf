/**
 * Catalogue cards by workflow id, kept in this process so a search answers without a database round
 * trip for cards it served recently (docs/decisions/0007-search-index.md). An entry is dropped when the
 * search index sees its row change, and lives at most `ttlMs` (the author's name and picture live in
 * another table, which the index does not watch).
 */
export function createCardCache<Row extends { id: string }>(options: {
  load: (ids: string[]) => Promise<Row[]>;
  ttlMs: number;
  max: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { row: Row; until: number }>();
  /**
   * Each cached row as UTF-8 JSON, encoded once when it is loaded (rows are never changed in place):
   * an answer is then these bytes joined, with no per-request encoding or length scan.
   */
  const json = new WeakMap<Row, Buffer>();
  return {
    /** The rows of these ids that exist, in the order given. */
    async get(ids: string[]): Promise<Row[]> {
      const at = now();
      const missing = ids.filter((id) => {
        const entry = entries.get(id);
        return !entry || entry.until <= at;
      });
      if (missing.length > 0) {
        for (const row of await options.load(missing)) {
          entries.delete(row.id);
          if (entries.size >= options.max) entries.delete(entries.keys().next().value!);
          entries.set(row.id, { row, until: at + options.ttlMs });
          json.set(row, Buffer.from(JSON.stringify(row)));
        }
      }
      return ids.flatMap((id) => {
        const entry = entries.get(id);
        return entry ? [entry.row] : [];
      });
    },
    /** The JSON bytes of a row this cache handed out (undefined for any other object). */
    jsonOf(row: Row): Buffer | undefined {
      return json.get(row);
    },
    /** Forgets these ids (null: all). */
    forget(ids: string[] | null) {
      if (ids === null) entries.clear();
      else for (const id of ids) entries.delete(id);
    },
  };
}

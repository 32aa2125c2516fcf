import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { translations } from '../../db/schema.ts';

export function createTranslateRepository(db: Database) {
  return {
    async findMany(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: translations.id, translated: translations.translated })
        .from(translations)
        .where(inArray(translations.id, ids));
      return new Map(rows.map((row) => [row.id, row.translated]));
    },
    async saveMany(rows: { id: string; sourceText: string; target: string; translated: string }[]) {
      if (rows.length === 0) return;
      // Two visitors may translate the same text at once; the first answer wins.
      await db.insert(translations).values(rows).onConflictDoNothing();
    },
  };
}

export type TranslateRepository = ReturnType<typeof createTranslateRepository>;

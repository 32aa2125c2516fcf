import type { Database } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export function createContactRepository(db: Database) {
  return {
    async insert(values: typeof contactMessages.$inferInsert) {
      const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
      return row!;
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;

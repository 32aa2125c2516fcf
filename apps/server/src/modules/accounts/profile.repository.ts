import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { user } from '../../db/schema.ts';

const OWN_PROFILE_COLUMNS = {
  id: user.id,
  email: user.email,
  name: user.name,
  displayName: user.displayName,
  image: user.image,
  role: user.role,
  locale: user.locale,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
};

export type OwnProfileRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createProfileRepository>['findOwn']>>
>;

export interface ProfileChanges {
  name?: string;
  displayName?: string | null;
  image?: string | null;
  locale?: 'en' | 'vi';
}

export function createProfileRepository(db: Database) {
  return {
    async findOwn(id: string) {
      const [row] = await db.select(OWN_PROFILE_COLUMNS).from(user).where(eq(user.id, id)).limit(1);
      return row ?? null;
    },

    async update(id: string, changes: ProfileChanges) {
      const [row] = await db
        .update(user)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(user.id, id))
        .returning(OWN_PROFILE_COLUMNS);
      return row ?? null;
    },
  };
}

import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { account, user } from '../../db/schema.ts';

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
  bio: user.bio,
  links: user.links,
  avatarKey: user.avatarKey,
  hasPassword: sql<boolean>`exists (select 1 from ${account} a where a.user_id = "user"."id" and a.password is not null)`,
};

export type OwnProfileRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createProfileRepository>['findOwn']>>
>;

export interface ProfileChanges {
  name?: string;
  displayName?: string | null;
  image?: string | null;
  avatarKey?: string | null;
  locale?: 'en' | 'vi';
  bio?: string | null;
  links?: string[];
}

export function createProfileRepository(db: Database) {
  return {
    async findOwn(id: string) {
      const [row] = await db
        .select(OWN_PROFILE_COLUMNS)
        .from(user)
        .where(and(eq(user.id, id), isNull(user.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /** The stored password hash of an e-mail-and-password account (null for a Google-only account). */
    async passwordHash(id: string): Promise<string | null> {
      const [row] = await db
        .select({ password: account.password })
        .from(account)
        .where(and(eq(account.userId, id), isNotNull(account.password)))
        .limit(1);
      return row?.password ?? null;
    },

    async update(id: string, changes: ProfileChanges) {
      const [row] = await db
        .update(user)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(user.id, id), isNull(user.deletedAt)))
        .returning(OWN_PROFILE_COLUMNS);
      return row ?? null;
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;

import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { account, favorites, user, workflows } from '../../db/schema.ts';

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

export type OwnProfileRow = NonNullable<Awaited<ReturnType<ProfilesRepository['findOwn']>>>;

export interface ProfileChanges {
  name?: string;
  displayName?: string | null;
  image?: string | null;
  avatarKey?: string | null;
  locale?: 'en' | 'vi';
  bio?: string | null;
  links?: string[];
}

/** Profiles: the public one anybody sees and the caller's own (with e-mail, role and settings). */
export function createProfilesRepository(db: Database) {
  return {
    /** Public fields only: never the e-mail. A deleted account has no profile. */
    async findPublic(id: string) {
      const [row] = await db
        .select({
          id: user.id,
          name: user.name,
          displayName: user.displayName,
          image: user.image,
          bio: user.bio,
          links: user.links,
          createdAt: user.createdAt,
          totalFavorites: sql<number>`(select count(*)::int from ${favorites} f join ${workflows} w on w.id = f.workflow_id where w.user_id = ${id} and w.status = 'listed' and w.deleted_at is null)`,
          workflowCount: sql<number>`(select count(*)::int from ${workflows} w where w.user_id = ${id} and w.status = 'listed' and w.deleted_at is null)`,
          totalNodes: sql<number>`(select coalesce(sum((w.node_summary->>'nodeCount')::int), 0)::int from ${workflows} w where w.user_id = ${id} and w.status = 'listed' and w.deleted_at is null)`,
        })
        .from(user)
        .where(and(eq(user.id, id), isNull(user.deletedAt)))
        .limit(1);
      return row ?? null;
    },

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

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;

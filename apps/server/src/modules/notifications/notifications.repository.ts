import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import { publicName } from '../../db/fragments.ts';
import {
  follows,
  notificationPreferences,
  notifications,
  purchases,
  user,
  workflows,
} from '../../db/schema.ts';
import type { Queryable } from '../../infra/jobs/jobs.repository.ts';

type Rows<T> = { rows: T[] };

/** A recipient a notification row was just written for: where and in which language to mail. */
export interface NotifiedUser {
  id: string;
  email: string;
  locale: 'en' | 'vi';
}

/** Who a notification goes to, as SQL answering one column `id` (user ids). */
export const recipients = {
  /** One user (the seller of a sale). */
  user: (userId: string): SQL => sql`select ${userId}::text as id`,
  /** Everyone entitled to a workflow (a refunded purchase no longer counts). */
  owners: (workflowId: string): SQL =>
    sql`select ${purchases.userId} as id from ${purchases}
        where ${purchases.workflowId} = ${workflowId} and ${purchases.revokedAt} is null`,
  /** Everyone following an author. */
  followers: (authorId: string): SQL =>
    sql`select ${follows.followerId} as id from ${follows} where ${follows.authorId} = ${authorId}`,
};

export function createNotificationsRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => db.transaction((tx) => work(tx)),

    /**
     * Writes one notification for each recipient who has not switched `kind` off (and whose account
     * is not deleted), at most once per recipient and `dedupeKey`: a replayed event writes nothing.
     * Answers the recipients a row was written for now (they are the ones to e-mail).
     */
    async notify(
      tx: Queryable,
      input: {
        kind: NotificationKind;
        dedupeKey: string;
        payload: Record<string, unknown>;
        to: SQL;
        /** Left out of the recipients (the author of a workflow among its owners). */
        except?: string | null;
        now: Date;
      },
    ): Promise<NotifiedUser[]> {
      const { kind, dedupeKey, payload, to, now } = input;
      const result = (await tx.execute(sql`
        with wanted as (${to}),
        inserted as (
          insert into ${notifications} (user_id, kind, payload, dedupe_key, created_at)
          select distinct u.id, ${kind}, ${JSON.stringify(payload)}::jsonb, ${dedupeKey}, ${now.toISOString()}::timestamptz
          from ${user} u join wanted w on w.id = u.id
          where u.deleted_at is null
            and u.id is distinct from ${input.except ?? null}::text
            and not exists (
              select 1 from ${notificationPreferences} p
              where p.user_id = u.id and p.kind = ${kind} and not p.enabled
            )
          on conflict (user_id, dedupe_key) do nothing
          returning user_id
        )
        select u.id, u.email, u.locale from ${user} u join inserted i on i.user_id = u.id
        order by u.id`)) as unknown as Rows<NotifiedUser>;
      return result.rows.map((row) => ({ ...row, locale: row.locale === 'vi' ? 'vi' : 'en' }));
    },

    /** A workflow as its notifications name it, with its author's public name. */
    async workflow(workflowId: string) {
      const [row] = await db
        .select({
          id: workflows.id,
          slug: workflows.slug,
          title: workflows.title,
          /** The language the title is written in, and the title in the other one (null: none). */
          language: workflows.language,
          translatedTitle: sql<string | null>`nullif(${workflows.translation}->>'title', '')`,
          authorId: workflows.userId,
          authorName: publicName(sql`''`),
        })
        .from(workflows)
        .innerJoin(user, eq(user.id, workflows.userId))
        .where(and(eq(workflows.id, workflowId), isNull(workflows.deletedAt)));
      return row ?? null;
    },

    /**
     * A version's number and its changelog. The notes are read from the row as JSON, so this works
     * whether or not the `notes` column exists yet; an empty changelog is null.
     */
    async version(
      versionId: string,
    ): Promise<{ version: string; notes: string | null; notesTranslation: string | null } | null> {
      const result = (await db.execute(sql`
        select v.version, nullif(btrim(to_jsonb(v) ->> 'notes'), '') as notes,
          nullif(btrim(to_jsonb(v) ->> 'notes_translation'), '') as "notesTranslation"
        from workflow_versions v where v.id = ${versionId}`)) as unknown as Rows<{
        version: string;
        notes: string | null;
        notesTranslation: string | null;
      }>;
      return result.rows[0] ?? null;
    },

    async list(userId: string, page: number, size: number) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(size)
        .offset(page * size);
    },

    async counts(userId: string): Promise<{ total: number; unread: number }> {
      const [row] = await db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
    },

    /** Marks the user's unread notifications read: `ids` among them, or all. Others' ids do nothing. */
    async markRead(userId: string, ids: string[] | undefined, now: Date) {
      await db
        .update(notifications)
        .set({ readAt: now })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids ? inArray(notifications.id, ids) : undefined,
          ),
        );
    },

    async preferences(userId: string) {
      return db
        .select({ kind: notificationPreferences.kind, enabled: notificationPreferences.enabled })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
    },

    /** Sets the kinds given; a kind set to what it already is keeps its time (its links keep working). */
    async setPreferences(userId: string, settings: [NotificationKind, boolean][], now: Date) {
      if (settings.length === 0) return;
      await db
        .insert(notificationPreferences)
        .values(settings.map(([kind, enabled]) => ({ userId, kind, enabled, updatedAt: now })))
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
          setWhere: sql`${notificationPreferences.enabled} is distinct from excluded.enabled`,
        });
    },

    /**
     * An unsubscribe link's one use: switches `kind` off for the user unless the kind's preference
     * changed at or after `issuedAt` (the link was used, or the user chose since). One statement, so
     * two clicks at once switch it off once. False: the link no longer works (or the user is gone).
     */
    async unsubscribe(userId: string, kind: NotificationKind, issuedAt: Date, now: Date): Promise<boolean> {
      const result = (await db.execute(sql`
        insert into ${notificationPreferences} (user_id, kind, enabled, updated_at)
        select u.id, ${kind}, false, ${now.toISOString()}::timestamptz
        from ${user} u where u.id = ${userId} and u.deleted_at is null
        on conflict (user_id, kind) do update set enabled = false, updated_at = excluded.updated_at
        where ${notificationPreferences.updatedAt} < ${issuedAt.toISOString()}::timestamptz
        returning 1 as done`)) as unknown as Rows<{ done: number }>;
      return result.rows.length > 0;
    },

    /** A user others may follow: an account that exists and is not deleted. */
    async isActiveUser(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.id, userId), isNull(user.deletedAt)));
      return Boolean(row);
    },

    async follow(followerId: string, authorId: string, now: Date) {
      await db.insert(follows).values({ followerId, authorId, createdAt: now }).onConflictDoNothing();
    },

    async unfollow(followerId: string, authorId: string) {
      await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.authorId, authorId)));
    },

    /** Inside the account deletion's own transaction (an event listener's `tx` can only execute). */
    async forget(tx: Pick<Database, 'execute'>, userId: string) {
      await tx.execute(
        sql`delete from ${follows} where ${follows.followerId} = ${userId} or ${follows.authorId} = ${userId}`,
      );
      await tx.execute(sql`delete from ${notifications} where ${notifications.userId} = ${userId}`);
      await tx.execute(
        sql`delete from ${notificationPreferences} where ${notificationPreferences.userId} = ${userId}`,
      );
    },

    async followState(authorId: string, viewerId: string | null) {
      const [row] = await db
        .select({
          followers: count(),
          following: sql<boolean>`coalesce(bool_or(${follows.followerId} = ${viewerId ?? ''}), false)`,
        })
        .from(follows)
        .innerJoin(user, eq(user.id, follows.followerId))
        .where(and(eq(follows.authorId, authorId), isNull(user.deletedAt)));
      return { followers: Number(row?.followers ?? 0), following: Boolean(row?.following) };
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

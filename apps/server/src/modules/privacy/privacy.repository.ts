import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ConsentPurpose, ConsentSource, DataRequestKind, DataRequestStatus } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import { consents, dataRequests, user } from '../../db/schema.ts';
import type { Queryable } from '../../infra/jobs/jobs.repository.ts';

type Rows<T> = { rows: T[] };

export interface ConsentRecord {
  userId: string;
  purpose: ConsentPurpose;
  granted: boolean;
  textVersion: string;
  language: 'en' | 'vi';
  source: ConsentSource;
  at: Date;
}

export type DataRequestRow = typeof dataRequests.$inferSelect;

export function createPrivacyRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => db.transaction((tx) => work(tx)),

    /** The latest row of each purpose the user answered (purposes never answered are absent). */
    async currentConsents(userId: string) {
      const result = (await db.execute(sql`
        select distinct on (purpose) purpose, granted, text_version, created_at
        from ${consents} where user_id = ${userId}
        order by purpose, seq desc`)) as unknown as Rows<{
        purpose: ConsentPurpose;
        granted: boolean;
        text_version: string;
        created_at: string | Date;
      }>;
      return result.rows.map((row) => ({
        purpose: row.purpose,
        granted: row.granted,
        textVersion: row.text_version,
        createdAt: new Date(row.created_at),
      }));
    },

    /** Of `userIds`, those whose latest answer for `purpose` is a grant. */
    async grantedAmong(userIds: string[], purpose: ConsentPurpose, tx: Queryable = db): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const result = (await tx.execute(sql`
        select distinct on (user_id) user_id, granted from ${consents}
        where ${inArray(consents.userId, userIds)} and purpose = ${purpose}
        order by user_id, seq desc`)) as unknown as Rows<{ user_id: string; granted: boolean }>;
      return new Set(result.rows.filter((row) => row.granted).map((row) => row.user_id));
    },

    async record(records: ConsentRecord[], tx: Queryable = db) {
      if (records.length === 0) return;
      await tx.insert(consents).values(
        records.map((record) => ({
          userId: record.userId,
          purpose: record.purpose,
          granted: record.granted,
          textVersion: record.textVersion,
          language: record.language,
          source: record.source,
          createdAt: record.at,
        })),
      );
    },

    /** Whether the user has any sign-up consent row (a sign-up's consents are recorded once). */
    async hasSignUpRecord(userId: string) {
      const [row] = await db
        .select({ id: consents.id })
        .from(consents)
        .where(and(eq(consents.userId, userId), eq(consents.source, 'sign_up')))
        .limit(1);
      return Boolean(row);
    },

    /** The account an address signed up with (not deleted). */
    async userByEmail(email: string) {
      const [row] = await db
        .select({ id: user.id, createdAt: user.createdAt })
        .from(user)
        .where(and(eq(sql`lower(${user.email})`, email.trim().toLowerCase()), sql`${user.deletedAt} is null`))
        .limit(1);
      return row ?? null;
    },

    async owner(userId: string) {
      const [row] = await db
        .select({ email: user.email, locale: user.locale })
        .from(user)
        .where(and(eq(user.id, userId), sql`${user.deletedAt} is null`))
        .limit(1);
      return row ?? null;
    },

    async insertRequest(
      values: {
        userId: string | null;
        requesterEmail: string;
        kind: DataRequestKind;
        details: string;
        language: 'en' | 'vi';
        status: DataRequestStatus;
        dueAt: Date;
        createdAt: Date;
        answeredAt?: Date | null;
        answer?: string | null;
      },
      tx: Queryable = db,
    ): Promise<DataRequestRow> {
      const [row] = await tx.insert(dataRequests).values(values).returning();
      return row!;
    },

    async ownRequests(userId: string) {
      return db
        .select()
        .from(dataRequests)
        .where(eq(dataRequests.userId, userId))
        .orderBy(desc(dataRequests.createdAt));
    },

    /** The queue: open ones first by due date, then the answered ones, newest answer first. */
    async queue(status: DataRequestStatus | undefined) {
      return db
        .select()
        .from(dataRequests)
        .where(status ? eq(dataRequests.status, status) : undefined)
        .orderBy(sql`${dataRequests.status} <> 'open'`, asc(dataRequests.dueAt), desc(dataRequests.createdAt))
        .limit(500);
    },

    /** Answers an open request once; null when it is unknown or already answered. */
    async answer(
      id: string,
      values: { status: 'done' | 'refused'; answer: string; answeredBy: string; at: Date },
      tx: Queryable = db,
    ) {
      const [row] = await tx
        .update(dataRequests)
        .set({
          status: values.status,
          answer: values.answer,
          answeredBy: values.answeredBy,
          answeredAt: values.at,
        })
        .where(and(eq(dataRequests.id, id), eq(dataRequests.status, 'open')))
        .returning();
      return row ?? null;
    },

    async findRequest(id: string) {
      const [row] = await db.select().from(dataRequests).where(eq(dataRequests.id, id)).limit(1);
      return row ?? null;
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;

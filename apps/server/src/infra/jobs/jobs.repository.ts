import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jobs, type JobState } from '../../db/schema.ts';

/** A database or an open transaction: a job enqueued in a transaction exists only if it commits. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
  maxAttempts: number;
  dedupeKey?: string;
}

export type JobRow = typeof jobs.$inferSelect;

/** Inserts a job; with a dedupe key already queued or running, inserts nothing and answers false. */
export async function insertJob(db: Queryable, job: NewJob): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      runAt: job.runAt,
      maxAttempts: job.maxAttempts,
      dedupeKey: job.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export function createJobsRepository(db: Database) {
  return {
    /**
     * Claims up to `limit` due jobs for this worker. SKIP LOCKED lets every server process claim at
     * once without two of them taking the same job.
     */
    async claimDue(now: Date, limit: number, workerId: string): Promise<JobRow[]> {
      const result = await db.execute<Record<string, unknown>>(sql`
        update ${jobs} set state = 'running', attempts = attempts + 1, locked_by = ${workerId}, locked_at = ${now}
        where id in (
          select id from ${jobs}
          where state = 'queued' and run_at <= ${now}
          order by run_at, id
          limit ${limit}
          for update skip locked
        )
        returning id`);
      const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
      if (ids.length === 0) return [];
      return db.select().from(jobs).where(inArray(jobs.id, ids));
    },

    async markDone(id: string, now: Date) {
      await db
        .update(jobs)
        .set({ state: 'done', finishedAt: now, lockedBy: null, lockedAt: null, lastError: null })
        .where(eq(jobs.id, id));
    },

    async forgetPayload(id: string) {
      await db.update(jobs).set({ payload: {} }).where(eq(jobs.id, id));
    },

    /** Back to the queue at `retryAt`, or dead once its attempts are used up. */
    async markFailed(job: JobRow, error: string, retryAt: Date, now: Date) {
      const dead = job.attempts >= job.maxAttempts;
      await db
        .update(jobs)
        .set({
          state: dead ? 'dead' : 'queued',
          runAt: dead ? job.runAt : retryAt,
          lastError: error.slice(0, 2000),
          lockedBy: null,
          lockedAt: null,
          finishedAt: dead ? now : null,
        })
        .where(eq(jobs.id, job.id));
      return dead;
    },

    /** Jobs left running by a process that died are queued again. */
    async releaseStale(before: Date): Promise<number> {
      const rows = await db
        .update(jobs)
        .set({ state: 'queued', lockedBy: null, lockedAt: null })
        .where(and(eq(jobs.state, 'running'), lt(jobs.lockedAt, before)))
        .returning({ id: jobs.id });
      return rows.length;
    },

    async list(filter: { kind?: string; state?: JobState } = {}): Promise<JobRow[]> {
      return db
        .select()
        .from(jobs)
        .where(
          and(
            filter.kind ? eq(jobs.kind, filter.kind) : undefined,
            filter.state ? eq(jobs.state, filter.state) : undefined,
          ),
        )
        .orderBy(jobs.createdAt, jobs.id);
    },
  };
}

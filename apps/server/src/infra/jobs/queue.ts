import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { createJobsRepository, insertJob, type JobRow, type Queryable } from './jobs.repository.ts';

export type Clock = () => Date;
export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  maxAttempts?: number;
  /** Queued at most once while not done (a second enqueue with the same key is a no-op). */
  dedupeKey?: string;
  /** Enqueue inside this transaction, so the job exists only if the transaction commits. */
  db?: Queryable;
}

export interface QueueLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** What watches the queue (metrics and tracing, infra/observability): told of each attempt. */
export interface JobObserver {
  /** Runs one attempt at `job` (a tracing span around it); it must call `attempt` once. */
  run(job: JobRow, attempt: () => Promise<void>): Promise<void>;
  /** An attempt failed; `dead` when it was the last one. */
  failed(job: JobRow, dead: boolean): void;
}

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60 * 1000;
/** A job running longer than this belonged to a process that died; it is queued again. */
const STALE_AFTER_MS = 10 * 60 * 1000;
const CLAIM_BATCH = 10;

/** 30 s, 1 min, 2 min … doubling up to an hour between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * The durable job queue in PostgreSQL (docs/decisions/0040-job-queue.md). Every server process runs a
 * worker that polls for due jobs; the rows are the truth, so a crash or an outage delays work, never
 * loses it. Tests drive it with `runDue()` and an injected clock instead of waiting.
 */
export function createJobQueue(options: {
  db: Database;
  log: QueueLog;
  clock?: Clock;
  observer?: JobObserver;
}) {
  const { db, log, observer } = options;
  const clock = options.clock ?? (() => new Date());
  const repository = createJobsRepository(db);
  const handlers = new Map<string, JobHandler>();
  const workerId = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function runOne(job: JobRow) {
    await (observer ? observer.run(job, () => attempt(job)) : attempt(job));
  }

  async function attempt(job: JobRow) {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, job);
      await repository.markDone(job.id, clock());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = clock();
      const dead = await repository.markFailed(
        job,
        message,
        new Date(now.getTime() + retryDelayMs(job.attempts)),
        now,
      );
      observer?.failed(job, dead);
      const details = { job: job.id, kind: job.kind, attempts: job.attempts, err: message };
      if (dead) log.error(details, 'job failed for the last time; it rests as dead');
      else log.warn(details, 'job failed; it will be retried');
    }
  }

  async function drain(): Promise<number> {
    let done = 0;
    await repository.releaseStale(new Date(clock().getTime() - STALE_AFTER_MS));
    for (;;) {
      const claimed = await repository.claimDue(clock(), CLAIM_BATCH, workerId);
      if (claimed.length === 0) return done;
      for (const job of claimed) await runOne(job);
      done += claimed.length;
    }
  }

  /** Runs every due job once (one pass at a time per process); answers how many ran. */
  function runDue(): Promise<number> {
    running ??= drain().finally(() => {
      running = undefined;
    });
    return running;
  }

  function poke() {
    if (!timer || stopped) return;
    void runDue().catch((error: unknown) => log.error({ err: error }, 'the job worker failed'));
  }

  return {
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },

    async enqueue(kind: string, payload: Record<string, unknown>, enqueueOptions: EnqueueOptions = {}) {
      const inserted = await insertJob(enqueueOptions.db ?? db, {
        kind,
        payload,
        runAt: enqueueOptions.runAt ?? clock(),
        maxAttempts: enqueueOptions.maxAttempts ?? 15,
        dedupeKey: enqueueOptions.dedupeKey,
      });
      // Outside a transaction the job is visible now: run it without waiting for the next poll.
      if (inserted && !enqueueOptions.db) setImmediate(poke);
      return inserted;
    },

    /** Work that the caller's transaction just queued: run it soon. */
    poke: () => setImmediate(poke),

    runDue,

    list: repository.list,

    /** Empties a job's payload (what it carried is not kept once it is done). */
    forgetPayload: repository.forgetPayload,

    /** Polls every `intervalMs` in the background (the server); tests call `runDue()` instead. */
    start(intervalMs = 2000) {
      if (timer) return;
      stopped = false;
      timer = setInterval(poke, intervalMs);
      timer.unref();
      poke();
    },

    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

import { randomUUID } from 'node:crypto';
import type { Queryable } from '../jobs/jobs.repository.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { DomainEvent, DomainEvents } from './domain-events.ts';

export type { DomainEvent, DomainEvents } from './domain-events.ts';

/** What an in-transaction listener gets besides the payload: the writer's transaction. */
export interface InTransactionContext {
  tx: Queryable;
  eventId: string;
}

/** What an after-commit listener gets: the event's id and its own job's id (stable across retries). */
export interface AfterCommitContext {
  eventId: string;
  jobId: string;
}

export type InTransactionListener<E extends DomainEvent> = (
  payload: DomainEvents[E],
  context: InTransactionContext,
) => Promise<void>;

export type AfterCommitListener<E extends DomainEvent> = (
  payload: DomainEvents[E],
  context: AfterCommitContext,
) => Promise<void>;

export interface AfterCommitOptions {
  inTransaction?: false;
  /** Attempts before the listener's job rests as dead (default 15, with the queue's backoff). */
  maxAttempts?: number;
}

interface Registered {
  name: string;
  inTransaction: boolean;
  run: (payload: unknown, context: InTransactionContext) => Promise<void>;
  maxAttempts?: number;
}

const JOB_PREFIX = 'event:';

/** The job kind an after-commit listener runs as: `event:<event>:<listener>`. */
export function listenerJobKind(event: DomainEvent, name: string): string {
  return `${JOB_PREFIX}${event}:${name}`;
}

/**
 * Transactional domain events (docs/decisions/0141-transactional-domain-events.md). A write states its
 * fact inside its transaction with `emit(tx, event, payload)`:
 *
 * - an **in-transaction** listener runs at once with the writer's `tx` (the ledger, the search
 *   document): its failure fails the write, and a rollback undoes it;
 * - every **after-commit** listener becomes one job of the durable queue in that same transaction
 *   (the outbox): it exists only if the write commits, runs after it, and is retried with the
 *   queue's backoff when it fails. Listeners are independent: one failing does not hold another.
 *
 * A write that was a single statement (already committed) states its fact with `emit(null, …)`.
 */
export function createEvents(options: { queue: JobQueue; db: Queryable }) {
  const { queue, db } = options;
  const listeners = new Map<DomainEvent, Registered[]>();

  function on<E extends DomainEvent>(
    event: E,
    name: string,
    listener: InTransactionListener<E>,
    options: { inTransaction: true },
  ): void;
  function on<E extends DomainEvent>(
    event: E,
    name: string,
    listener: AfterCommitListener<E>,
    options?: AfterCommitOptions,
  ): void;
  function on<E extends DomainEvent>(
    event: E,
    name: string,
    listener: InTransactionListener<E> | AfterCommitListener<E>,
    options: { inTransaction?: boolean; maxAttempts?: number } = {},
  ) {
    const list = listeners.get(event) ?? [];
    if (list.some((registered) => registered.name === name)) {
      throw new Error(`the event ${event} already has a listener named ${name}`);
    }
    const inTransaction = options.inTransaction === true;
    if (inTransaction) {
      const run = listener as InTransactionListener<E>;
      list.push({ name, inTransaction, run: (payload, context) => run(payload as DomainEvents[E], context) });
    } else {
      const run = listener as AfterCommitListener<E>;
      list.push({ name, inTransaction, run: async () => undefined, maxAttempts: options.maxAttempts });
      queue.register(listenerJobKind(event, name), (job, row) =>
        run(job.payload as DomainEvents[E], { eventId: String(job.eventId), jobId: row.id }),
      );
    }
    listeners.set(event, list);
  }

  return {
    on,

    /**
     * States `event` inside the transaction `tx` (null: the write is already committed). Answers the
     * event's id. Give `id` when the fact can be stated twice (a replayed callback): an after-commit
     * listener is then queued once for it while its job waits.
     */
    async emit<E extends DomainEvent>(
      tx: Queryable | null,
      event: E,
      payload: DomainEvents[E],
      emitOptions: { id?: string } = {},
    ): Promise<string> {
      const eventId = emitOptions.id ?? randomUUID();
      const on = tx ?? db;
      let queued = false;
      for (const listener of listeners.get(event) ?? []) {
        if (listener.inTransaction) {
          await listener.run(payload, { tx: on, eventId });
          continue;
        }
        queued =
          (await queue.enqueue(
            listenerJobKind(event, listener.name),
            { eventId, payload: payload as unknown as Record<string, unknown> },
            {
              db: on,
              dedupeKey: `${JOB_PREFIX}${eventId}:${listener.name}`,
              maxAttempts: listener.maxAttempts,
            },
          )) || queued;
      }
      // Outside a transaction the jobs are visible now; inside one, the writer pokes after its commit.
      if (queued && !tx) queue.poke();
      return eventId;
    },

    /** The listeners of `event`, in the order they run (docs and tests). */
    listenersOf(event: DomainEvent): { name: string; inTransaction: boolean }[] {
      return (listeners.get(event) ?? []).map(({ name, inTransaction }) => ({ name, inTransaction }));
    },
  };
}

export type Events = ReturnType<typeof createEvents>;

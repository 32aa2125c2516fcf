import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { manualClock } from '../../test/payments.ts';
import { createJobQueue, retryDelayMs, type JobQueue } from '../jobs/queue.ts';
import { createEvents, listenerJobKind, type Events } from './events.ts';

const silent = { info() {}, warn() {}, error() {} };
const clock = manualClock(new Date('2026-03-02T08:00:00Z'));
let ctx: TestContext;
let queue: JobQueue;
let events: Events;

beforeAll(async () => {
  ctx = await createTestApp({ app: { clock: clock.now } });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.execute(sql`delete from jobs`);
  queue = createJobQueue({ db: ctx.db, log: silent, clock: clock.now });
  events = createEvents({ queue, db: ctx.db });
});

const paid = { workflowId: 'w-1' };

describe('transactional domain events', () => {
  it('a rolled-back write leaves no job and no in-transaction effect', async () => {
    // The in-transaction listener's effect is a row of its own (a job it queues with the writer's tx).
    events.on(
      'workflow.changed',
      'effect',
      async (payload, { tx }) => void (await queue.enqueue('effect', payload, { db: tx })),
      { inTransaction: true },
    );
    events.on('workflow.changed', 'later', async () => undefined);
    await expect(
      ctx.db.transaction(async (tx) => {
        await events.emit(tx, 'workflow.changed', paid);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queue.list()).toEqual([]);
  });

  it('a committed write runs the in-transaction listener with its tx, and the others after commit from the queue', async () => {
    const seen: string[] = [];
    events.on(
      'workflow.changed',
      'effect',
      async (payload, { tx }) => {
        seen.push(`in-tx ${payload.workflowId}`);
        await queue.enqueue('effect', payload, { db: tx });
      },
      { inTransaction: true },
    );
    events.on('workflow.changed', 'later', async (payload) => void seen.push(`after ${payload.workflowId}`));
    await ctx.db.transaction((tx) => events.emit(tx, 'workflow.changed', paid));
    expect(seen).toEqual(['in-tx w-1']);
    const kinds = (await queue.list()).map((job) => job.kind).sort();
    expect(kinds).toEqual(['effect', listenerJobKind('workflow.changed', 'later')]);
    queue.register('effect', async () => undefined);
    await queue.runDue();
    expect(seen).toEqual(['in-tx w-1', 'after w-1']);
  });

  it('an in-transaction listener that fails fails the write', async () => {
    events.on(
      'workflow.changed',
      'ledger',
      async () => {
        throw new Error('ledger refused');
      },
      { inTransaction: true },
    );
    events.on('workflow.changed', 'later', async () => undefined);
    await expect(ctx.db.transaction((tx) => events.emit(tx, 'workflow.changed', paid))).rejects.toThrow(
      'ledger refused',
    );
    expect(await queue.list()).toEqual([]);
  });

  it('an after-commit listener that fails is retried with backoff, with the same payload and job', async () => {
    const calls: { workflowId: string; jobId: string }[] = [];
    events.on('workflow.changed', 'flaky', async (payload, { jobId }) => {
      calls.push({ workflowId: payload.workflowId, jobId });
      if (calls.length === 1) throw new Error('down');
    });
    await ctx.db.transaction((tx) => events.emit(tx, 'workflow.changed', paid));
    await queue.runDue();
    const [waiting] = await queue.list();
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1, lastError: 'down' });
    clock.advance(retryDelayMs(1));
    await queue.runDue();
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual(calls[0]);
    expect((await queue.list())[0]).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('two listeners are independent: one failing does not hold or repeat the other', async () => {
    let good = 0;
    let bad = 0;
    events.on('workflow.changed', 'good', async () => void (good += 1));
    events.on('workflow.changed', 'bad', async () => {
      bad += 1;
      throw new Error('always');
    });
    await events.emit(null, 'workflow.changed', paid);
    await queue.runDue();
    clock.advance(retryDelayMs(1));
    await queue.runDue();
    expect(good).toBe(1);
    expect(bad).toBe(2);
    const states = Object.fromEntries((await queue.list()).map((job) => [job.kind, job.state]));
    expect(states).toEqual({
      [listenerJobKind('workflow.changed', 'good')]: 'done',
      [listenerJobKind('workflow.changed', 'bad')]: 'queued',
    });
  });

  it('a fact stated twice with one id queues each listener once', async () => {
    let runs = 0;
    events.on('workflow.changed', 'once', async () => void (runs += 1));
    await ctx.db.transaction((tx) => events.emit(tx, 'workflow.changed', paid, { id: 'order-1' }));
    await ctx.db.transaction((tx) => events.emit(tx, 'workflow.changed', paid, { id: 'order-1' }));
    expect(await queue.list()).toHaveLength(1);
    await queue.runDue();
    expect(runs).toBe(1);
  });

  it('refuses a second listener with the same name on one event', () => {
    events.on('workflow.changed', 'twice', async () => undefined);
    expect(() => events.on('workflow.changed', 'twice', async () => undefined)).toThrow(/twice/);
  });
});

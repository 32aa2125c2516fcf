import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { MAIL_JOB, queueMail } from './mail.ts';
import { createJobQueue, retryDelayMs } from './queue.ts';

const silent = { info() {}, warn() {}, error() {} };
let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

function manualClock(start = new Date('2026-03-02T08:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe('durable job queue', () => {
  it('an SMTP outage delays an e-mail and it is delivered once SMTP is back', async () => {
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close(); // SMTP is down
    const clock = manualClock();
    ctx = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, app: { clock: clock.now } });
    await queueMail(ctx.app.jobs, {
      to: 'buyer@example.test',
      subject: 'Receipt FB-2345-6789',
      text: 'Thanks',
      html: '<p>Thanks</p>',
    });
    expect(await ctx.app.jobs.runDue()).toBe(1);
    const [waiting] = await ctx.app.jobs.list({ kind: MAIL_JOB });
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED/);
    expect(waiting!.runAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));

    const back = await startSmtpServer({ port });
    try {
      // Not due yet: nothing is sent before its retry time.
      expect(await ctx.app.jobs.runDue()).toBe(0);
      expect(back.messages).toHaveLength(0);
      clock.advance(retryDelayMs(1));
      expect(await ctx.app.jobs.runDue()).toBe(1);
      const [mail] = back.to('buyer@example.test');
      expect(mail!.subject).toBe('Receipt FB-2345-6789');
      const [done] = await ctx.app.jobs.list({ kind: MAIL_JOB });
      expect(done).toMatchObject({ state: 'done', attempts: 2, lastError: null });
    } finally {
      await back.close();
    }
  });

  it('retries with growing delays, then rests as dead and runs no more', async () => {
    const clock = manualClock();
    ctx = await createTestApp({ app: { clock: clock.now } });
    const queue = createJobQueue({ db: ctx.db, log: silent, clock: clock.now });
    let calls = 0;
    queue.register('always-fails', async () => {
      calls += 1;
      throw new Error('provider down');
    });
    await queue.enqueue('always-fails', {}, { maxAttempts: 3 });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await queue.runDue()).toBe(1);
      const [job] = await queue.list({ kind: 'always-fails' });
      delays.push(job!.runAt.getTime() - clock.now().getTime());
      clock.advance(retryDelayMs(attempt));
    }
    expect(delays.slice(0, 2)).toEqual([30_000, 60_000]);
    const [job] = await queue.list({ kind: 'always-fails' });
    expect(job).toMatchObject({ state: 'dead', attempts: 3, lastError: 'provider down' });
    clock.advance(24 * 60 * 60 * 1000);
    expect(await queue.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('several workers on one database run each job exactly once', async () => {
    ctx = await createTestApp();
    const runs = new Map<number, number>();
    const workers = Array.from({ length: 3 }, () => {
      const queue = createJobQueue({ db: ctx!.db, log: silent });
      queue.register('count', async (payload) => {
        const n = Number(payload.n);
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setImmediate(resolve));
      });
      return queue;
    });
    for (let n = 0; n < 60; n += 1) await workers[0]!.enqueue('count', { n });
    const counts = await Promise.all(workers.map((worker) => worker.runDue()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('a dedupe key queues a job once while it is pending', async () => {
    ctx = await createTestApp();
    const queue = createJobQueue({ db: ctx.db, log: silent });
    queue.register('reconcile', async () => undefined);
    expect(await queue.enqueue('reconcile', { order: 'a' }, { dedupeKey: 'reconcile:a' })).toBe(true);
    expect(await queue.enqueue('reconcile', { order: 'a' }, { dedupeKey: 'reconcile:a' })).toBe(false);
    expect(await queue.runDue()).toBe(1);
    // Done: the same key may be queued again.
    expect(await queue.enqueue('reconcile', { order: 'a' }, { dedupeKey: 'reconcile:a' })).toBe(true);
  });

  it('a job enqueued in a transaction that rolls back never exists', async () => {
    ctx = await createTestApp();
    const queue = createJobQueue({ db: ctx.db, log: silent });
    await expect(
      ctx.db.transaction(async (tx) => {
        await queue.enqueue('mail.send', { to: 'x@example.test' }, { db: tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queue.list()).toEqual([]);
  });

  it('a job left running by a dead process is run again', async () => {
    const clock = manualClock();
    ctx = await createTestApp({ app: { clock: clock.now } });
    const crashed = createJobQueue({ db: ctx.db, log: silent, clock: clock.now });
    crashed.register('work', () => new Promise(() => undefined)); // never finishes: the process "dies"
    await crashed.enqueue('work', {});
    crashed.runDue().catch(() => undefined); // its database goes away with the test
    await expect.poll(async () => (await crashed.list())[0]?.state).toBe('running');
    const survivor = createJobQueue({ db: ctx.db, log: silent, clock: clock.now });
    let ran = 0;
    survivor.register('work', async () => void (ran += 1));
    expect(await survivor.runDue()).toBe(0);
    clock.advance(11 * 60 * 1000);
    expect(await survivor.runDue()).toBe(1);
    expect(ran).toBe(1);
  });
});

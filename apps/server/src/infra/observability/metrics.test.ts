import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { buyThroughTestGateway } from '../../test/selling.ts';
import { createMetrics } from './metrics.ts';
import { createObservability } from './index.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const clock = manualClock();
let ctx: TestContext;
let seller: TestSession;
/** The IPN addresses the test gateway sent (to send one again). */
const ipns: string[] = [];

/** The value of one series in Prometheus text (`undefined` when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers });

function recordingIpn(app: () => FastifyInstance) {
  return {
    deliver: async (url: string) => {
      const target = new URL(url);
      ipns.push(`${target.pathname}${target.search}`);
      return (await app().inject({ method: 'GET', url: `${target.pathname}${target.search}` })).json();
    },
  };
}

beforeAll(async () => {
  ctx = await createTestApp({
    env: { METRICS_TOKEN: TOKEN, PAYMENT_TEST_GATEWAY: 'true' },
    app: { clock: clock.now, testGatewayIpn: recordingIpn(() => ctx.app) },
  });
  seller = await signedInUser(ctx);
}, 60_000);
afterAll(() => ctx?.close());

describe('GET /metrics', () => {
  it('refuses a scrape without the token or with a wrong one (401), and answers the right one', async () => {
    const anonymous = await scrape({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    expect(anonymous.body).not.toContain('flowbay_');
    const wrong = await scrape({ authorization: `Bearer ${TOKEN.slice(0, -1)}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('flowbay_');
    const basic = await scrape({ authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` });
    expect(basic.statusCode).toBe(401);
    const right = await scrape();
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toContain('text/plain');
    // Node's own series come along, under the same prefix.
    expect(sample(right.body, 'flowbay_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts a checkout, its payment callbacks, a search, e-mails and a failed job', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, {
      userId: seller.user.id,
      title: 'Metrics invoice sync',
      price: 90_000,
    });
    const before = (await scrape()).body;
    const paidBefore = sample(before, 'flowbay_payment_callbacks_total', { result: 'paid' }) ?? 0;

    // A checkout paid on the test gateway (its signed IPN), the same IPN again, then a forged one.
    const buyer = await signedInUser(ctx);
    await buyThroughTestGateway(ctx, buyer, workflow.id);
    const ipn = ipns.at(-1)!;
    expect((await ctx.app.inject({ method: 'GET', url: ipn })).statusCode).toBe(200);
    const forged = ipn.replace(/vnp_SecureHash=[0-9a-f]+/, `vnp_SecureHash=${'0'.repeat(128)}`);
    await ctx.app.inject({ method: 'GET', url: forged });

    // A search, and the workflow's page (an address with its id).
    const search = await ctx.app.inject({ method: 'GET', url: '/api/workflows?search=invoice' });
    expect(search.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/workflows/${workflow.id}` })).statusCode).toBe(
      200,
    );

    // A job that fails, and one that waits for tomorrow.
    ctx.app.jobs.register('metrics.broken', () => Promise.reject(new Error('broken on purpose')));
    await ctx.app.jobs.enqueue('metrics.broken', {}, { maxAttempts: 1 });
    await ctx.app.jobs.enqueue('metrics.later', {}, { runAt: new Date(clock.now().getTime() + 86_400_000) });
    for (let round = 0; round < 3; round += 1) {
      clock.advance(60_000);
      await ctx.app.jobs.runDue();
    }

    const after = await scrape();
    expect(after.statusCode).toBe(200);
    const text = after.body;
    const callbacks = (result: string) =>
      sample(text, 'flowbay_payment_callbacks_total', { provider: 'vnpay', kind: 'ipn', result });
    expect(callbacks('paid')).toBe(paidBefore + 1);
    expect(callbacks('duplicate')).toBe(1);
    expect(callbacks('rejected_signature')).toBe(1);

    const route = '/api/workflows/:id';
    expect(
      sample(text, 'flowbay_http_request_duration_seconds_count', {
        method: 'GET',
        route,
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      sample(text, 'flowbay_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/orders',
        status_code: '201',
      }),
    ).toBeGreaterThanOrEqual(1);
    // Route patterns only: no address with an id becomes a label.
    expect(text).not.toContain(workflow.id);

    expect(sample(text, 'flowbay_search_index_documents')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'flowbay_search_index_refresh_age_seconds')).toBeGreaterThanOrEqual(0);

    expect(sample(text, 'flowbay_job_failures_total', { kind: 'metrics.broken', final: 'true' })).toBe(1);
    expect(sample(text, 'flowbay_jobs_pending', { kind: 'metrics.later', state: 'queued' })).toBe(1);
    expect(sample(text, 'flowbay_jobs_pending', { kind: 'metrics.broken' })).toBeUndefined();

    // The receipt and the seller's sale e-mail went through the queue to the outbox.
    expect(sample(text, 'flowbay_emails_total', { driver: 'outbox', result: 'sent' })).toBeGreaterThanOrEqual(
      1,
    );

    const pool = (state: string) => sample(text, 'flowbay_db_pool_connections', { state });
    if (ctx.database.kind === 'postgres') {
      expect(pool('max')).toBe(5);
      expect(pool('total')).toBeGreaterThanOrEqual(1);
      expect(pool('idle')).toBeGreaterThanOrEqual(0);
      expect(pool('waiting')).toBe(0);
    } else {
      expect(pool('total')).toBe(1);
      expect(pool('max')).toBe(1);
      expect(pool('idle')).toBeUndefined();
    }
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    const off = await createTestApp();
    try {
      const response = await off.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('the e-mail counter', () => {
  it('counts a failed send as failed, and passes the failure on', async () => {
    const observability = await createObservability({
      env: { OTEL_SERVICE_NAME: 'flowbay' },
      database: ctx.database,
      log: { warn: () => undefined },
    });
    const mailer = observability.observeMailer({
      driver: 'smtp',
      send: () => Promise.reject(new Error('421 try later')),
      close: () => undefined,
    });
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't', html: 'h' })).rejects.toThrow(
      '421',
    );
    const text = await observability.metrics.render();
    expect(sample(text, 'flowbay_emails_total', { driver: 'smtp', result: 'failed' })).toBe(1);
    expect(sample(text, 'flowbay_emails_total', { driver: 'smtp', result: 'sent' })).toBeUndefined();
  });

  it('keeps one registry per app: two apps in one process do not clash', () => {
    const sources = {
      db: ctx.db,
      pool: () => ({ total: 1, max: 1 }),
      search: () => ({ documents: 0, refreshedAt: null }),
      now: () => 0,
      log: { warn: () => undefined },
    };
    expect(() => [createMetrics(sources), createMetrics(sources)]).not.toThrow();
  });
});

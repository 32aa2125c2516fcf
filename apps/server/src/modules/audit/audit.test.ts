import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@flowbay/domain';
import { runAdminCommand } from '../../cli/admin.ts';
import { auditEvents, user, workflows } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { buyThroughTestGateway, injectedIpn } from '../../test/selling.ts';
import { declareTaxProfile, TAX_PROFILES } from '../../test/tax.ts';
import { CLI_ACTOR, recordAudit } from './index.ts';
import { moneySettingsOf, recordMoneySettings } from './money-settings.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const clock = manualClock(new Date('2026-03-02T03:00:00Z'));
let ctx: TestContext;
const call = sessionCaller(() => ctx);
let admin: TestSession;
let author: TestSession;

beforeAll(async () => {
  ctx = await createTestApp({ app: { clock: clock.now, testGatewayIpn: injectedIpn(() => ctx.app) } });
  admin = await signedInUser(ctx, { role: 'admin' });
  author = await signedInUser(ctx);
});
afterAll(() => ctx.close());

/** The trail's rows about one subject, oldest first. */
async function rowsAbout(subjectId: string) {
  return ctx.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.subjectId, subjectId))
    .orderBy(auditEvents.id);
}

const adminLabel = () => ({ actorId: admin.user.id, actorLabel: admin.user.email });

describe('moderation decisions', () => {
  it('approve, reject and unlist each write exactly one row with the admin and the status before and after', async () => {
    const approved = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, status: 'pending' });
    const answer = await call('POST', `/api/admin/workflows/${approved.id}/approve`, admin, {});
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await rowsAbout(approved.id)).toEqual([
      expect.objectContaining({
        ...adminLabel(),
        action: 'workflow.approve',
        subjectType: 'workflow',
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({ status: 'listed' }),
      }),
    ]);

    const rejected = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, status: 'pending' });
    const refusal = await call('POST', `/api/admin/workflows/${rejected.id}/reject`, admin, {
      reason: 'The description does not say what it sends.',
    });
    expect(refusal.statusCode, refusal.body).toBe(200);
    expect(await rowsAbout(rejected.id)).toEqual([
      expect.objectContaining({
        ...adminLabel(),
        action: 'workflow.reject',
        before: { status: 'pending' },
        after: { status: 'rejected' },
        note: 'The description does not say what it sends.',
      }),
    ]);

    const listed = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
    const reporter = await signedInUser(ctx);
    const report = await call('POST', `/api/workflows/${listed.id}/reports`, reporter, { reason: 'spam' });
    const unlisted = await call('POST', `/api/admin/reports/${report.json().id}/resolve`, admin, {
      action: 'unlist',
      note: 'Spam listing',
    });
    expect(unlisted.statusCode, unlisted.body).toBe(200);
    expect(await rowsAbout(listed.id)).toEqual([
      expect.objectContaining({
        ...adminLabel(),
        action: 'workflow.unlist',
        before: { status: 'listed' },
        after: { status: 'unlisted', report_id: report.json().id },
        note: 'Spam listing',
      }),
    ]);
  });

  it('a refused decision writes no row, and a decision whose row cannot be written does not happen', async () => {
    const listed = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
    const nothing = await call('POST', `/api/admin/workflows/${listed.id}/reject`, admin, { reason: 'No' });
    expect(nothing.statusCode).toBe(409);
    expect(await rowsAbout(listed.id)).toEqual([]);

    // The trail refuses the row: the approval rolls back with it.
    const pending = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, status: 'pending' });
    await ctx.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION refuse_in_test() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused in test'; END $$`),
    );
    await ctx.db.execute(
      sql.raw(`CREATE TRIGGER audit_refused_in_test BEFORE INSERT ON audit_events
        FOR EACH ROW EXECUTE FUNCTION refuse_in_test()`),
    );
    try {
      const answer = await call('POST', `/api/admin/workflows/${pending.id}/approve`, admin, {});
      expect(answer.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql.raw('DROP TRIGGER audit_refused_in_test ON audit_events'));
    }
    const [row] = await ctx.db.select().from(workflows).where(eq(workflows.id, pending.id));
    expect(row?.status).toBe('pending');
    expect(await rowsAbout(pending.id)).toEqual([]);

    // A transaction that writes a row and then fails leaves no row.
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: CLI_ACTOR,
          action: 'settings.change',
          subject: { type: 'settings', id: 'rolled-back' },
        });
        throw new Error('the action failed after its row');
      }),
    ).rejects.toThrow('the action failed after its row');
    expect(await rowsAbout('rolled-back')).toEqual([]);
  });
});

describe('a hidden review', () => {
  it('writes one row naming the review, hidden before false and after true', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
    const writer = await signedInUser(ctx);
    const reader = await signedInUser(ctx);
    for (const session of [writer, reader])
      expect((await call('GET', `/api/workflows/${workflow.id}/download`, session)).statusCode).toBe(200);
    const written = await call('POST', `/api/workflows/${workflow.id}/reviews`, writer, {
      rating: 1,
      body: 'Rude words',
    });
    expect(written.statusCode, written.body).toBe(201);
    const reviewId = written.json().id as string;
    const report = await call('POST', `/api/reviews/${reviewId}/reports`, reader, { reason: 'spam' });
    const hidden = await call('POST', `/api/admin/review-reports/${report.json().id}/resolve`, admin, {
      action: 'hide',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await rowsAbout(reviewId)).toEqual([
      expect.objectContaining({
        ...adminLabel(),
        action: 'review.hide',
        subjectType: 'review',
        before: { hidden: false, rating: 1 },
        after: { hidden: true, report_id: report.json().id },
      }),
    ]);
  });
});

describe('money', () => {
  async function sellerWithSale(price: number) {
    const seller = await signedInUser(ctx);
    await declareTaxProfile(ctx, seller, TAX_PROFILES.company);
    const account = await call('PUT', '/api/me/payout-account', seller, {
      bank_code: 'VCB',
      account_number: '0071 0012 3456 7',
      holder_name: 'Nguyễn Văn Đức',
    });
    expect(account.statusCode, account.body).toBe(200);
    clock.advance(48 * HOUR + 1000);
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price });
    const buyer = await signedInUser(ctx);
    const { code } = await buyThroughTestGateway(ctx, buyer, workflow.id);
    return { seller, code };
  }

  it('a refund writes one row with the amount in đồng, before paid and after refunded', async () => {
    const { code } = await sellerWithSale(150_000);
    const refunded = await call('POST', `/api/admin/orders/${code}/refund`, admin, {
      reason: 'Asked by the buyer',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await rowsAbout(code)).toEqual([
      expect.objectContaining({
        ...adminLabel(),
        action: 'order.refund',
        subjectType: 'order',
        before: { state: 'paid', amount: 150_000 },
        after: expect.objectContaining({ state: 'refunded', amount: 150_000, by_transfer: false }),
        note: 'Asked by the buyer',
      }),
    ]);
    const again = await call('POST', `/api/admin/orders/${code}/refund`, admin, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(await rowsAbout(code)).toHaveLength(1);
  });

  it('a payout marked paid or failed writes one row with the amount and the account masked', async () => {
    const paid = await sellerWithSale(400_000);
    const failed = await sellerWithSale(400_000);
    clock.advance(8 * DAY);
    const ids: string[] = [];
    for (const { seller } of [paid, failed]) {
      const requested = await call('POST', '/api/me/payouts', seller);
      expect(requested.statusCode, requested.body).toBe(201);
      ids.push(requested.json().payout.id);
    }
    const [paidId, failedId] = ids as [string, string];
    const amount = (await call('GET', '/api/me/sales', paid.seller)).json().balances.in_payment as number;
    expect(
      (await call('POST', `/api/admin/payouts/${paidId}/paid`, admin, { transfer_ref: 'FT26061123456' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/admin/payouts/${failedId}/failed`, admin, { reason: 'Account closed' }))
        .statusCode,
    ).toBe(200);
    const [paidRow] = await rowsAbout(paidId);
    expect(await rowsAbout(paidId)).toHaveLength(1);
    expect(paidRow).toMatchObject({
      ...adminLabel(),
      action: 'payout.paid',
      before: { state: 'requested', amount, seller_id: paid.seller.user.id },
      after: { state: 'paid', amount, bank_code: 'VCB', transfer_ref: 'FT26061123456' },
    });
    expect(await rowsAbout(failedId)).toEqual([
      expect.objectContaining({ action: 'payout.failed', note: 'Account closed' }),
    ]);
    // Never the whole account number: the trail holds its last digits only.
    const trail = JSON.stringify(await ctx.db.select().from(auditEvents));
    expect(trail).not.toContain('0071001234567');
    expect(trail).not.toContain('0071 0012 3456 7');
    expect((paidRow!.after as { account: string }).account).toMatch(/4567$/);

    // Deciding it again is refused and writes nothing.
    const twice = await call('POST', `/api/admin/payouts/${paidId}/failed`, admin, { reason: 'Oops' });
    expect(twice.statusCode).toBe(409);
    expect(await rowsAbout(paidId)).toHaveLength(1);
  });
});

describe('full sensitive values an admin reads', () => {
  it('the admin tax statement and the tax report record which seller’s tax ID the admin saw', async () => {
    const seller = await signedInUser(ctx);
    await declareTaxProfile(ctx, seller, TAX_PROFILES.individual);
    const statement = await call(
      'GET',
      `/api/admin/sellers/${seller.user.id}/tax-statement?year=2026`,
      admin,
    );
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json().seller.tax_id).toBe(TAX_PROFILES.individual.tax_id);
    expect(await rowsAbout(seller.user.id)).toEqual([
      expect.objectContaining({
        ...adminLabel(),
        action: 'sensitive.view',
        subjectType: 'user',
        after: { field: 'tax_id', via: 'tax-statement 2026' },
      }),
    ]);
    // The seller's own statement is masked and not recorded.
    const own = await call('GET', '/api/me/tax-statement?year=2026', seller);
    expect(own.json().seller.tax_id).not.toBe(TAX_PROFILES.individual.tax_id);
    expect(await rowsAbout(seller.user.id)).toHaveLength(1);
    expect(JSON.stringify(await rowsAbout(seller.user.id))).not.toContain(TAX_PROFILES.individual.tax_id);

    // The monthly report shows the tax ID of each seller with a sale that month: one row each.
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 200_000 });
    await buyThroughTestGateway(ctx, await signedInUser(ctx), workflow.id);
    const month = new Date(clock.now().getTime() + 7 * HOUR).toISOString().slice(0, 7);
    const report = await call('GET', `/api/admin/tax-report?month=${month}`, admin);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.body).toContain(TAX_PROFILES.individual.tax_id);
    expect((await rowsAbout(seller.user.id)).map((row) => row.after)).toEqual([
      { field: 'tax_id', via: 'tax-statement 2026' },
      { field: 'tax_id', via: `tax-report ${month}` },
    ]);
  });

  it('the payouts CSV (whole account numbers) records one row per seller shown; the payouts list is masked', async () => {
    const seller = await signedInUser(ctx);
    await declareTaxProfile(ctx, seller, TAX_PROFILES.company);
    await call('PUT', '/api/me/payout-account', seller, {
      bank_code: 'VCB',
      account_number: '9988776655',
      holder_name: 'Lê Thị Hoa',
    });
    clock.advance(48 * HOUR + 1000);
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 300_000 });
    await buyThroughTestGateway(ctx, await signedInUser(ctx), workflow.id);
    clock.advance(8 * DAY);
    const requested = await call('POST', '/api/me/payouts', seller);
    expect(requested.statusCode, requested.body).toBe(201);

    const list = await call('GET', '/api/admin/payouts?state=requested', admin);
    expect(list.body).not.toContain('9988776655');
    expect(await rowsAbout(seller.user.id)).toEqual([]);

    const csv = await call('GET', '/api/admin/payouts.csv', admin);
    expect(csv.body).toContain('9988776655');
    expect(await rowsAbout(seller.user.id)).toEqual([
      expect.objectContaining({
        ...adminLabel(),
        action: 'sensitive.view',
        after: { field: 'account_number', via: 'payouts.csv', payout_id: requested.json().payout.id },
      }),
    ]);
  });
});

describe('roles', () => {
  it('the admin command grants and revokes with one row each, actor cli; an unknown address writes none', async () => {
    const someone = await signedInUser(ctx);
    const before = await ctx.db.select({ value: sql<number>`count(*)::int` }).from(auditEvents);
    expect((await runAdminCommand(ctx.db, ['grant', 'nobody@example.invalid'])).exitCode).toBe(1);
    expect(await ctx.db.select({ value: sql<number>`count(*)::int` }).from(auditEvents)).toEqual(before);

    expect((await runAdminCommand(ctx.db, ['grant', someone.user.email.toUpperCase()])).exitCode).toBe(0);
    expect((await runAdminCommand(ctx.db, ['revoke', someone.user.email])).exitCode).toBe(0);
    expect(await rowsAbout(someone.user.id)).toEqual([
      expect.objectContaining({
        actorId: null,
        actorLabel: 'cli',
        action: 'role.grant',
        before: { role: 'user', email: someone.user.email },
        after: { role: 'admin', email: someone.user.email },
      }),
      expect.objectContaining({
        actorLabel: 'cli',
        action: 'role.revoke',
        before: { role: 'admin', email: someone.user.email },
        after: { role: 'user', email: someone.user.email },
      }),
    ]);
  });

  it('rows outlive the account they are about: deleting the user leaves them as they were', async () => {
    const someone = await signedInUser(ctx);
    await runAdminCommand(ctx.db, ['grant', someone.user.email]);
    await ctx.db.delete(user).where(eq(user.id, someone.user.id));
    expect(await rowsAbout(someone.user.id)).toEqual([expect.objectContaining({ action: 'role.grant' })]);
  });
});

describe('the trail is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE through the database handle', async () => {
    await recordAudit(ctx.db, {
      actor: CLI_ACTOR,
      action: 'settings.change',
      subject: { type: 'settings', id: 'append-only' },
      after: { fee_percent: 10 },
    });
    const count = async () =>
      (await ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectId, 'append-only'))).length;
    await expect(
      ctx.db.execute(sql`UPDATE audit_events SET note = 'changed' WHERE subject_id = 'append-only'`),
    ).rejects.toThrow();
    await expect(
      ctx.db.execute(sql`DELETE FROM audit_events WHERE subject_id = 'append-only'`),
    ).rejects.toThrow();
    await expect(ctx.db.execute(sql`TRUNCATE audit_events`)).rejects.toThrow();
    expect(await count()).toBe(1);
    const [row] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, 'append-only'), eq(auditEvents.action, 'settings.change')));
    expect(row?.note).toBeNull();
  });
});

describe('GET /api/admin/audit and its CSV', () => {
  it('is for admins only: anonymous 401, a user 403', async () => {
    for (const url of ['/api/admin/audit', '/api/admin/audit.csv']) {
      expect((await call('GET', url, null)).statusCode).toBe(401);
      expect((await call('GET', url, author)).statusCode).toBe(403);
    }
  });

  it('filters by action, actor, subject, dates and words, newest first; bad input is a 400', async () => {
    const subject = `filter-${Date.now()}`;
    for (const [action, note] of [
      ['settings.change', 'first change'],
      ['settings.change', 'second change'],
      ['sensitive.view', 'a view'],
    ] as const) {
      await recordAudit(ctx.db, {
        actor: { id: 'actor-x', label: 'ops@flowbay.example' },
        action,
        subject: { type: 'settings', id: subject },
        note,
      });
    }
    const list = async (query: string) => {
      const answer = await call('GET', `/api/admin/audit?${query}`, admin);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { events: AuditEvent[]; total: number };
    };
    const bySubject = await list(`subject_type=settings&subject_id=${subject}`);
    expect(bySubject.events.map((event) => event.note)).toEqual(['a view', 'second change', 'first change']);
    expect((await list(`subject_id=${subject}&action=settings.change`)).total).toBe(2);
    expect((await list(`subject_id=${subject}&actor=OPS@flowbay`)).total).toBe(3);
    expect((await list(`subject_id=${subject}&actor=actor-x`)).total).toBe(3);
    expect((await list(`subject_id=${subject}&actor=someone-else`)).total).toBe(0);
    expect((await list(`q=second change`)).events.map((event) => event.subject_id)).toEqual([subject]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`subject_id=${subject}&from=2000-01-01&to=2000-01-02`)).total).toBe(0);
    expect((await list(`subject_id=${subject}&from=${today}`)).total).toBe(3);

    const bad = await call('GET', '/api/admin/audit?action=workflow.delete', admin);
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/admin/audit?from=yesterday', admin)).statusCode).toBe(400);
  });

  it('exports the same filters as CSV, a cell starting with = neutralised', async () => {
    const subject = `csv-${Date.now()}`;
    await recordAudit(ctx.db, {
      actor: { id: null, label: 'system' },
      action: 'settings.change',
      subject: { type: 'settings', id: subject },
      note: '=HYPERLINK("http://evil.example","x")',
    });
    await recordAudit(ctx.db, {
      actor: { id: null, label: 'system' },
      action: 'sensitive.view',
      subject: { type: 'settings', id: subject },
      note: 'not in the export',
    });
    const csv = await call('GET', `/api/admin/audit.csv?subject_id=${subject}&action=settings.change`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('occurred_at,actor_id,actor,action,subject_type,subject_id,before,after,note');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv.body).not.toContain('not in the export');
  });
});

describe('the money settings', () => {
  it('are recorded by system once the server is ready, and again only when they change', async () => {
    // Recorded after the start, not during it (a database down at start must not stop the server).
    await expect.poll(() => rowsAbout('money'), { timeout: 30_000 }).toHaveLength(1);
    const recorded = await rowsAbout('money');
    expect(recorded).toEqual([
      expect.objectContaining({
        actorId: null,
        actorLabel: 'system',
        action: 'settings.change',
        subjectType: 'settings',
        before: null,
        after: moneySettingsOf(ctx.env),
      }),
    ]);
    expect(await recordMoneySettings(ctx.db, moneySettingsOf(ctx.env))).toBe(false);
    const raised = { ...moneySettingsOf(ctx.env), platform_fee_percent: 12 };
    expect(await recordMoneySettings(ctx.db, raised)).toBe(true);
    expect(await recordMoneySettings(ctx.db, raised)).toBe(false);
    const rows = await rowsAbout('money');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ before: moneySettingsOf(ctx.env), after: raised });
  });
});

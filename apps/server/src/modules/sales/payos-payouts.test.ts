import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Balances } from '@flowbay/domain';
import { payoutAccounts, payouts } from '../../db/schema.ts';
import { resolveAuthSecret } from '../../infra/auth/secret.ts';
import { sealingKeys } from '../../infra/sealed-text.ts';
import { signedInUser, readOutbox, sessionCaller, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { signPayosPayout, startPayosStandIn } from '../../test/payos.ts';
import { buyThroughTestGateway, ledgerEntriesOf, useStandInApp } from '../../test/selling.ts';
import { declareTaxProfile, TAX_PROFILES } from '../../test/tax.ts';
import { CHECK_PAYOS_PAYOUTS_JOB } from './sales.service.ts';
import { createSalesRepository } from './sales.repository.ts';

const KEYS = { clientId: 'flowbay-client', apiKey: 'flowbay-api-key', checksumKey: 'flowbay-checksum-key' };
const PAYOUT_KEYS = {
  clientId: 'flowbay-payout-client',
  apiKey: 'flowbay-payout-api-key',
  checksumKey: 'flowbay-payout-checksum-key',
};
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const clock = manualClock(new Date('2026-08-03T02:00:00Z'));
const { ctx, standIn, admin } = useStandInApp(
  () => startPayosStandIn({ ...KEYS, payouts: PAYOUT_KEYS }),
  clock,
);
const call = sessionCaller(() => ctx);

/** A company seller (nothing withheld) with 270 000 đ available after one sale of 300 000 đ, and a payout requested. */
async function requestedPayout(accountNumber: string, locale: 'en' | 'vi' = 'en') {
  const seller = await signedInUser(ctx, { locale });
  await declareTaxProfile(ctx, seller, TAX_PROFILES.company);
  const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 300_000 });
  await buyThroughTestGateway(ctx, await signedInUser(ctx), workflow.id);
  const account = await call('PUT', '/api/me/payout-account', seller, {
    bank_code: 'VCB',
    account_number: accountNumber,
    holder_name: 'Pham Thu Ha',
  });
  expect(account.statusCode, account.body).toBe(200);
  clock.advance(8 * DAY);
  const requested = await call('POST', '/api/me/payouts', seller);
  expect(requested.statusCode, requested.body).toBe(201);
  return { seller, id: requested.json().payout.id as string };
}

async function balancesOf(seller: TestSession): Promise<Balances> {
  return (await call('GET', '/api/me/sales', seller)).json().balances;
}

const send = (ids: string[], session: TestSession | null = admin) =>
  call('POST', '/api/admin/payouts/send', session, { ids });

async function payoutRow(id: string) {
  const [row] = await ctx.db.select().from(payouts).where(eq(payouts.id, id));
  return row!;
}

/** The check the sweep queues every minute, run now. */
async function checkPayos() {
  await ctx.app.jobs.enqueue(CHECK_PAYOS_PAYOUTS_JOB, {});
  await ctx.app.jobs.runDue();
}

const createRequests = () =>
  standIn.requests.filter((request) => request.method === 'POST' && request.path.startsWith('/v1/payouts'));

describe('payouts through payOS', () => {
  it('an approved payout is sent once, cannot be marked by hand while sending, and is paid by payOS’s result', async () => {
    const { seller, id } = await requestedPayout('0071002345678');
    expect(await balancesOf(seller)).toEqual({ pending: 0, available: 0, in_payment: 270_000, paid_out: 0 });
    const list = await call('GET', '/api/admin/payouts?state=requested', admin);
    expect(list.json().payos_payouts).toBe(true);

    const before = createRequests().length;
    const sent = await send([id]);
    expect(sent.statusCode, sent.body).toBe(200);
    const [answered] = sent.json().payouts;
    expect(answered).toMatchObject({ id, state: 'sending', account_number: '•••••••••5678' });
    expect(answered.payos_ref).toMatch(/^po_/);
    expect(sent.body).not.toContain('0071002345678');
    // payOS got the whole number, the bank's BIN and the amount, keyed by the payout's ID.
    const [created] = createRequests().slice(before);
    expect(created?.body).toMatchObject({
      referenceId: id,
      amount: 270_000,
      toBin: '970436',
      toAccountNumber: '0071002345678',
      description: `FLOWBAY PAYOUT ${id.slice(0, 8).toUpperCase()}`,
    });
    const held = standIn.payouts.get(answered.payos_ref)!;
    expect(held.idempotencyKey).toBe(`flowbay-payout-${id}`);
    expect(await balancesOf(seller)).toEqual({ pending: 0, available: 0, in_payment: 270_000, paid_out: 0 });

    // Sending again (a second click, another admin) sends nothing.
    const again = await send([id, id]);
    expect(again.statusCode).toBe(200);
    expect(again.json().payouts).toEqual([expect.objectContaining({ id, state: 'sending' })]);
    expect(createRequests().length).toBe(before + 1);

    for (const [path, payload] of [
      ['paid', { transfer_ref: 'FT-BY-HAND' }],
      ['failed', { reason: 'by hand' }],
    ] as const) {
      const manual = await call('POST', `/api/admin/payouts/${id}/${path}`, admin, payload);
      expect(manual.statusCode).toBe(409);
      expect(manual.json().error.code).toBe('PAYOUT_SENDING');
    }

    // No result yet: the check leaves it sending.
    await checkPayos();
    expect((await payoutRow(id)).state).toBe('sending');

    expect(standIn.settlePayout(id, { paid: true })).toBe(true);
    await checkPayos();
    const paid = await payoutRow(id);
    expect(paid).toMatchObject({ state: 'paid', transferRef: held.transactions[0]!.reference });
    expect(paid.decidedBy).toBe(admin.user.id);
    expect(await balancesOf(seller)).toEqual({ pending: 0, available: 0, in_payment: 0, paid_out: 270_000 });
    await ctx.app.jobs.runDue();
    const mails = readOutbox(ctx, seller.user.email).filter(
      (mail) => mail.subject === 'Flowbay has paid you',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(held.transactions[0]!.reference!);
    expect(mails[0]!.text).not.toContain('0071002345678');

    // The result read again (the next sweep, a retried job) changes nothing.
    const ledger = await ledgerEntriesOf(ctx, seller.user.id);
    await checkPayos();
    await ctx.app.jobs.runDue();
    expect(await ledgerEntriesOf(ctx, seller.user.id)).toEqual(ledger);
    expect(
      readOutbox(ctx, seller.user.email).filter((mail) => mail.subject === 'Flowbay has paid you'),
    ).toHaveLength(1);
    expect((await send([id])).json().payouts[0].state).toBe('paid');
    expect(createRequests().length).toBe(before + 1);
  });

  it('a payout payOS fails returns the money to the balance once, and the seller is told why', async () => {
    const { seller, id } = await requestedPayout('1903456789012', 'vi');
    expect((await send([id])).statusCode).toBe(200);
    standIn.settlePayout(id, { paid: false, reason: 'Tài khoản thụ hưởng không tồn tại' });
    await checkPayos();
    expect(await payoutRow(id)).toMatchObject({
      state: 'failed',
      failureReason: 'Tài khoản thụ hưởng không tồn tại',
    });
    expect(await balancesOf(seller)).toEqual({ pending: 0, available: 270_000, in_payment: 0, paid_out: 0 });
    const listed = await call('GET', '/api/admin/payouts?state=failed', admin);
    expect(listed.json().payouts.find((row: { id: string }) => row.id === id)).toMatchObject({
      state: 'failed',
      failure_reason: 'Tài khoản thụ hưởng không tồn tại',
    });

    await checkPayos();
    await ctx.app.jobs.runDue();
    const kinds = (await ledgerEntriesOf(ctx, seller.user.id)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'payout_reversal')).toHaveLength(1);
    const failed = readOutbox(ctx, seller.user.email).filter(
      (mail) => mail.subject === 'Khoản rút tiền Flowbay không thành công',
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]!.text).toContain('Tài khoản thụ hưởng không tồn tại');

    // The money back, the seller asks again and this payout goes through.
    const again = await call('POST', '/api/me/payouts', seller);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('a payout whose answer was lost is sent again with the same key: payOS holds one payout', async () => {
    const { id } = await requestedPayout('0451000123456');
    const first = (await send([id])).json().payouts[0].payos_ref as string;
    const held = standIn.payouts.size;
    // As if payOS's answer never arrived: the payout is sending without payOS's ID.
    await ctx.db.update(payouts).set({ payosRef: null }).where(eq(payouts.id, id));
    await checkPayos();
    expect(standIn.payouts.size).toBe(held);
    expect((await payoutRow(id)).payosRef).toBe(first);
    const sends = createRequests().filter(
      (request) => (request.body as { referenceId?: string }).referenceId === id,
    );
    expect(sends).toHaveLength(2);
  });

  it('a payout payOS refuses outright fails at once, the money back', async () => {
    const { seller, id } = await requestedPayout('0071003456789');
    // A bank payOS does not know (its BIN) is refused with payOS's reason.
    await ctx.db.update(payouts).set({ bankBin: '97' }).where(eq(payouts.id, id));
    const sent = await send([id]);
    expect(sent.json().payouts[0]).toMatchObject({
      state: 'failed',
      failure_reason: 'payOS: toBin is invalid',
    });
    expect(await balancesOf(seller)).toMatchObject({ available: 270_000, in_payment: 0 });
  });

  it('refuses anonymous callers and non-admins, and unknown payouts, changing nothing', async () => {
    const { seller, id } = await requestedPayout('0071004567890');
    expect((await send([id], null)).statusCode).toBe(401);
    const refused = await send([id], seller);
    expect(refused.statusCode).toBe(403);
    expect((await payoutRow(id)).state).toBe('requested');
    const unknown = await send([id, '00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(404);
    expect((await payoutRow(id)).state).toBe('requested');
    expect((await send([])).statusCode).toBe(400);
  });

  it('the stand-in refuses a request whose x-signature does not match, as payOS does', async () => {
    const body = {
      referenceId: 'x',
      amount: 1000,
      description: 'x',
      toBin: '970436',
      toAccountNumber: '123456',
    };
    const post = (signature: string) =>
      fetch(`${standIn.url}/v1/payouts/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-client-id': PAYOUT_KEYS.clientId,
          'x-api-key': PAYOUT_KEYS.apiKey,
          'x-idempotency-key': 'stand-in-check',
          'x-signature': signature,
        },
        body: JSON.stringify(body),
      }).then(async (response) => ({
        json: (await response.json()) as { code: string; data: Record<string, unknown> },
        signature: response.headers.get('x-signature'),
      }));
    expect((await post(signPayosPayout(body, 'wrong-key'))).json.code).toBe('20');
    const accepted = await post(signPayosPayout(body, PAYOUT_KEYS.checksumKey));
    expect(accepted.json.code).toBe('00');
    expect(accepted.signature).toBe(signPayosPayout(accepted.json.data, PAYOUT_KEYS.checksumKey));
  });
});

describe('bank account numbers at rest', () => {
  it('rows stored in clear before sealing are sealed at start, once, and still answered masked', async () => {
    const seller = await signedInUser(ctx);
    await ctx.db.insert(payoutAccounts).values({
      sellerId: seller.user.id,
      bankCode: 'VCB',
      accountNumber: '0071005678901',
      holderName: 'LE VAN AN',
      payoutsBlockedUntil: clock.now(),
    });
    const repository = createSalesRepository(ctx.db);
    const keys = sealingKeys(ctx.env, resolveAuthSecret(ctx.env));
    expect(await repository.sealClearAccountNumbers(keys)).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.sellerId, seller.user.id));
    expect(row).toMatchObject({ accountNumber: null, accountNumberMasked: '•••••••••8901' });
    expect(JSON.stringify(row)).not.toContain('0071005678901');
    expect(await repository.sealClearAccountNumbers(keys)).toBe(0);
    const answered = await call('GET', '/api/me/payout-account', seller);
    expect(answered.json().account.account_number).toBe('•••••••••8901');
    // Unchanged details are recognized through the seal: no new hold, no e-mail.
    const same = await call('PUT', '/api/me/payout-account', seller, {
      bank_code: 'VCB',
      account_number: '0071005678901',
      holder_name: 'Le Van An',
    });
    expect(same.json().account.payouts_blocked_until).toBe(clock.now().toISOString());
    await ctx.app.jobs.runDue();
    const changed = readOutbox(ctx, seller.user.email).filter(
      (mail) => mail.subject === 'Your Flowbay payout account changed',
    );
    expect(changed).toHaveLength(0);
  });
});

import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runDueJobs, useTestApp } from '../../test/app.ts';
import {
  linkPath,
  readOutbox,
  sessionCaller,
  signedInUser,
  signUpAndVerify,
  type TestSession,
} from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { buyThroughTestGateway, gatewayApp, payOutSeller, placeOrder } from '../../test/selling.ts';

const clock = manualClock();
const ctx = useTestApp(gatewayApp(clock));
const call = sessionCaller(() => ctx);

const runJobs = () => runDueJobs(ctx, clock);

async function named(fullName: string) {
  const session = await signUpAndVerify(ctx);
  const renamed = await call('PUT', '/api/profile/me', session, { full_name: fullName });
  expect(renamed.statusCode, renamed.body).toBe(200);
  return session;
}

/** The session's review of a workflow, posted through the API; its id. */
async function review(session: TestSession, workflowId: string, rating: number, body: string) {
  const posted = await call('POST', `/api/workflows/${workflowId}/reviews`, session, { rating, body });
  expect(posted.statusCode, posted.body).toBe(201);
  return posted.json().id as string;
}

/** Asks for the export, runs the job and opens the e-mailed zip: the JSON as the user gets it. */
async function exportOf(session: TestSession) {
  const requested = await call('POST', '/api/profile/me/export', session);
  expect(requested.statusCode, requested.body).toBe(202);
  await runJobs();
  const mail = readOutbox(ctx, session.user.email).at(-1)!;
  const download = await call('GET', linkPath(mail.link!), session);
  expect(download.statusCode, download.body).toBe(200);
  const files = unzipSync(new Uint8Array(download.rawPayload));
  const text = strFromU8(files['flowbay-data.json']!);
  return { text, data: JSON.parse(text) };
}

describe('a seller’s export holds their data and only theirs', () => {
  it('sales without buyers’ names or addresses, no unpaid checkouts; reviews, answers, payout account, payouts and ledger', async () => {
    const seller = await named('Seller Lan Pham');
    const sold = await createWorkflow(ctx.db, ctx.storage, {
      userId: seller.user.id,
      title: 'Invoice sync',
      price: 300_000,
    });
    const buyer = await named('Buyer Hoa Nguyen');
    const { code } = await buyThroughTestGateway(ctx, buyer, sold.id);
    const invoice = await call('PUT', `/api/orders/${code}/invoice`, buyer, {
      company_name: 'Công ty TNHH Hoa Sen',
      tax_code: '0101234567',
      address: '3 Phố Huế, Hà Nội',
      email: 'ketoan@hoasen.example',
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    const browser = await named('Checkout Only Tuan');
    const pending = await placeOrder(ctx, browser, sold.id);

    // The buyer reviews, the seller answers; the seller reviews someone else's workflow and reports a review.
    const buyerReviewId = await review(buyer, sold.id, 4, 'Buyer text about the invoices');
    const answered = await call('PUT', `/api/reviews/${buyerReviewId}/reply`, seller, {
      reply: 'Thanks, version 2 adds VAT lines',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const other = await signedInUser(ctx);
    const free = await createWorkflow(ctx.db, ctx.storage, { userId: other.user.id, title: 'Free helper' });
    expect((await call('GET', `/api/workflows/${free.id}/download`, seller)).statusCode).toBe(200);
    await review(seller, free.id, 5, 'Seller’s own review');
    const reported = await call('POST', `/api/reviews/${buyerReviewId}/reports`, seller, {
      reason: 'spam',
      details: 'Seller’s report details',
    });
    expect(reported.statusCode, reported.body).toBe(201);

    // Paid out: payout account, the hold, a payout an administrator marks paid.
    await payOutSeller(ctx, clock, seller, {
      account_number: '0071009876543',
      holder_name: 'Seller Lan Pham',
      transfer_ref: 'FT26112399999',
    });
    await runJobs();

    const { text, data } = await exportOf(seller);
    for (const stranger of [buyer, browser]) expect(text).not.toContain(stranger.user.email);
    for (const name of ['Buyer Hoa Nguyen', 'Checkout Only Tuan', 'Buyer text about the invoices'])
      expect(text).not.toContain(name);
    expect(text).not.toContain(pending.code);

    expect(data.workflows).toEqual([expect.objectContaining({ id: sold.id, title: 'Invoice sync' })]);
    expect(data.workflow_versions).toEqual([
      expect.objectContaining({ workflow_id: sold.id, version: '1.0', file_key: sold.version.fileKey }),
    ]);
    expect(data.orders).toEqual([]);
    expect(data.sales).toEqual([
      expect.objectContaining({
        order_code: code,
        workflow_id: sold.id,
        workflow_title: 'Invoice sync',
        price: 300_000,
        fee: expect.any(Number),
        seller_share: expect.any(Number),
        refunded_at: null,
      }),
    ]);
    expect(data.sales[0].fee + data.sales[0].seller_share).toBe(300_000);
    expect(data.payout_account).toEqual([
      expect.objectContaining({ bank_code: 'VCB', account_number: '0071009876543' }),
    ]);
    // The tax profile payOutSeller declares (TAX_PROFILES.individual), its ID masked as the settings show it.
    expect(data.tax_profile).toEqual([
      expect.objectContaining({ kind: 'individual', legal_name: 'Trần Thị Mai', tax_id_type: 'national_id' }),
    ]);
    expect(data.tax_profile[0].tax_id).toMatch(/234$/);
    expect(text).not.toContain('079201001234');
    expect(data.invoice_requests).toEqual([]);
    expect(text).not.toContain('Công ty TNHH Hoa Sen');
    expect(data.payouts).toEqual([
      expect.objectContaining({
        // The share less the tax withheld from an individual: 5 % VAT and 2 % PIT of the price.
        amount: data.sales[0].seller_share - 15_000 - 6_000,
        state: 'paid',
        transfer_ref: 'FT26112399999',
        account_number: '0071009876543',
      }),
    ]);
    expect(data.ledger_entries.map((entry: { kind: string }) => entry.kind).sort()).toEqual([
      'payout',
      'pit_withheld',
      'platform_fee',
      'sale_credit',
      'vat_withheld',
    ]);
    expect(
      data.ledger_entries.reduce((sum: number, entry: { amount: number }) => sum + entry.amount, 0),
    ).toBe(0);
    expect(data.reviews).toEqual([
      expect.objectContaining({ workflow_id: free.id, rating: 5, body: 'Seller’s own review' }),
    ]);
    expect(data.review_answers).toEqual([
      expect.objectContaining({
        review_id: buyerReviewId,
        answer: 'Thanks, version 2 adds VAT lines',
      }),
    ]);
    expect(data.review_reports).toEqual([
      expect.objectContaining({ reason: 'spam', details: 'Seller’s report details', status: 'open' }),
    ]);
    expect(data.downloads).toEqual([expect.objectContaining({ workflow_id: free.id })]);

    // The buyer's own export has their order and review, and nothing of the seller's money.
    const bought = await exportOf(buyer);
    expect(bought.data.orders).toEqual([
      expect.objectContaining({ code, buyer_email: buyer.user.email, state: 'paid' }),
    ]);
    expect(bought.data.sales).toEqual([]);
    expect(bought.data.invoice_requests).toEqual([
      expect.objectContaining({
        order_code: code,
        company_name: 'Công ty TNHH Hoa Sen',
        tax_code: '0101234567',
        email: 'ketoan@hoasen.example',
      }),
    ]);
    expect(bought.data.tax_profile).toEqual([]);
    expect(bought.data.reviews).toEqual([expect.objectContaining({ body: 'Buyer text about the invoices' })]);
    expect(bought.text).not.toContain('0071009876543');
    expect(bought.text).not.toContain('Seller’s report details');
  });
});

describe('selling tools in the export', () => {
  it('the buyer’s licence, file taken, follows and notification settings; the seller’s codes, refund answers and sale notices', async () => {
    const seller = await named('Seller Minh Tran');
    const sold = await createWorkflow(ctx.db, ctx.storage, {
      userId: seller.user.id,
      title: 'Lead router',
      price: 200_000,
    });
    const buyer = await named('Buyer Thu Le');
    const { code } = await buyThroughTestGateway(ctx, buyer, sold.id);
    expect((await call('GET', `/api/workflows/${sold.id}/download`, buyer)).statusCode).toBe(200);
    expect((await call('POST', `/api/users/${seller.user.id}/follow`, buyer)).statusCode).toBeLessThan(300);
    const switched = await call('PUT', '/api/me/notification-settings', buyer, { workflow_update: false });
    expect(switched.statusCode, switched.body).toBe(200);
    const created = await call('POST', '/api/me/discount-codes', seller, {
      code: 'TET2027',
      kind: 'percent',
      value: 15,
      max_uses: 50,
      starts_at: new Date(clock.now().getTime()).toISOString(),
      ends_at: new Date(clock.now().getTime() + 7 * 24 * 3600_000).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const asked = await call('POST', `/api/orders/${code}/refund-request`, buyer, {
      reason: 'Buyer’s private refund reason',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const requests = await call('GET', '/api/me/refund-requests', seller);
    const request = requests.json().requests.find((item: { order_code: string }) => item.order_code === code);
    const answered = await call('POST', `/api/me/refund-requests/${request.id}/answer`, seller, {
      accept: false,
      reason: 'It was imported twice',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await runJobs();

    const bought = await exportOf(buyer);
    expect(bought.data.purchases).toEqual([
      expect.objectContaining({ workflow_id: sold.id, licence: 'personal' }),
    ]);
    expect(bought.data.download_events).toEqual([
      expect.objectContaining({ workflow_id: sold.id, kind: 'file', version: '1.0' }),
    ]);
    expect(bought.data.follows).toEqual([expect.objectContaining({ author_id: seller.user.id })]);
    expect(bought.data.notification_settings).toEqual([
      expect.objectContaining({ kind: 'workflow_update', enabled: false }),
    ]);
    expect(bought.data.discount_codes).toEqual([]);
    expect(bought.data.refund_answers).toEqual([]);

    const selling = await exportOf(seller);
    expect(selling.data.discount_codes).toEqual([
      expect.objectContaining({ code: 'TET2027', kind: 'percent', value: 15, max_uses: 50 }),
    ]);
    expect(selling.data.refund_answers).toEqual([
      expect.objectContaining({ order_code: code, answer: 'contested', reason: 'It was imported twice' }),
    ]);
    expect(selling.data.notifications).toEqual([expect.objectContaining({ kind: 'sale' })]);
    expect(selling.data.download_events).toEqual([]);
    expect(selling.text).not.toContain('Buyer’s private refund reason');
    expect(selling.text).not.toContain(buyer.user.email);
  });
});

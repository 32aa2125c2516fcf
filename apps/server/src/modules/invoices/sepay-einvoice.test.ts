import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../infra/jobs/queue.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { readOutbox, sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { startEinvoiceStandIn } from '../../test/einvoice.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { injectedIpn, payAtTestGateway, placeOrder } from '../../test/selling.ts';
import { ISSUE_INVOICE_JOB } from './invoices.service.ts';

const clock = manualClock();
let ctx: TestContext;
let sepay: Awaited<ReturnType<typeof startEinvoiceStandIn>>;
const call = sessionCaller(() => ctx);

beforeAll(async () => {
  sepay = await startEinvoiceStandIn();
  ctx = await createTestApp({
    env: sepay.env,
    app: { clock: clock.now, testGatewayIpn: injectedIpn(() => ctx.app) },
  });
});
afterAll(async () => {
  await ctx?.close();
  await sepay?.close();
});

const REQUEST = {
  company_name: 'Công ty Cổ phần Quy Trình Số',
  tax_code: '0109876543-002',
  address: '5 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
  email: 'hoadon@quytrinhso.test',
};

/** A buyer orders, asks for an invoice and pays: the payment queues the provider's job. */
async function buyWithInvoice(buyer: TestSession, title: string) {
  const author = await createUser(ctx.db, { name: 'Minh Author' });
  const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.id, price: 180_000, title });
  const { code, redirectUrl } = await placeOrder(ctx, buyer, workflow.id);
  const requested = await call('PUT', `/api/orders/${code}/invoice`, buyer, REQUEST);
  expect(requested.statusCode, requested.body).toBe(200);
  await payAtTestGateway(ctx, redirectUrl);
  return code;
}

const invoiceOf = async (buyer: TestSession, code: string) =>
  (await call('GET', `/api/orders/${code}/invoice`, buyer)).json().invoice;
const createdFor = (code: string) =>
  sepay.invoices().filter((invoice) => invoice.body.notes === `Flowbay ${code}`);

/** The job runs again once its retry delay passed; exactly one invoice exists at the provider then. */
async function retryIssuing(buyer: TestSession, code: string) {
  clock.advance(retryDelayMs(1));
  await ctx.app.jobs.runDue();
  expect(createdFor(code)).toHaveLength(1);
  return { created: createdFor(code)[0]!, invoice: await invoiceOf(buyer, code) };
}

describe('the SePay eInvoice driver', () => {
  it('issues the invoice through the API when the order is paid and e-mails the buyer its number and lookup code', async () => {
    const buyer = await signedInUser(ctx, { locale: 'en' });
    const code = await buyWithInvoice(buyer, 'Misa invoice export');
    await ctx.app.jobs.runDue();

    const [created] = createdFor(code);
    expect(created?.body).toMatchObject({
      is_draft: false,
      buyer: { name: REQUEST.company_name, tax_code: '0109876543-002', email: REQUEST.email },
      items: [{ item_name: 'Misa invoice export', unit_price: 180_000, quantity: 1 }],
    });
    const invoice = await invoiceOf(buyer, code);
    expect(invoice).toMatchObject({
      state: 'issued',
      invoice_number: created!.invoiceNumber,
      lookup_code: created!.referenceCode,
    });
    await ctx.app.jobs.runDue();
    const mail = readOutbox(ctx, buyer.user.email).find((m) => m.subject.includes('VAT invoice'));
    expect(mail?.subject).toBe(`Your VAT invoice for order ${code} has been issued`);
    expect(mail?.text).toContain(`Invoice number: ${created!.invoiceNumber}`);
    expect(mail?.text).toContain(`Lookup code: ${created!.referenceCode}`);
    // Authenticated: a token first, then the calls with it.
    expect(sepay.calls()[0]).toMatchObject({ method: 'POST', path: '/v1/token', status: 200 });
  });

  it('a provider error is recorded and retried; the retry issues exactly one invoice', async () => {
    const buyer = await signedInUser(ctx);
    const admin = await signedInUser(ctx, { role: 'admin' });
    sepay.failCreates(1);
    const code = await buyWithInvoice(buyer, 'Haravan order sync');
    await ctx.app.jobs.runDue();

    expect(createdFor(code)).toHaveLength(0);
    expect((await invoiceOf(buyer, code)).state).toBe('pending');
    const queue = await call('GET', '/api/admin/invoices', admin);
    const entry = queue.json().items.find((item: { order_code: string }) => item.order_code === code);
    expect(entry).toMatchObject({ provider: 'sepay', state: 'pending' });
    expect(entry.last_error).toContain('Provider temporarily unavailable');
    const [job] = (await ctx.app.jobs.list({ kind: ISSUE_INVOICE_JOB })).filter(
      (row) => row.state === 'queued',
    );
    expect(job?.attempts).toBe(1);

    const retried = await retryIssuing(buyer, code);
    expect(retried.invoice).toMatchObject({ state: 'issued', invoice_number: retried.created.invoiceNumber });
  });

  it('an invoice still being processed is asked about again, not created twice', async () => {
    const buyer = await signedInUser(ctx);
    sepay.pendingChecks(1);
    const code = await buyWithInvoice(buyer, 'Lark approvals');
    try {
      await ctx.app.jobs.runDue();
    } finally {
      sepay.pendingChecks(0);
    }
    expect(createdFor(code)).toHaveLength(1);
    expect((await invoiceOf(buyer, code)).state).toBe('pending');

    const retried = await retryIssuing(buyer, code);
    expect(retried.invoice).toMatchObject({ state: 'issued', lookup_code: retried.created.referenceCode });
  });
});

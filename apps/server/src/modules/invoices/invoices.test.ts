import { describe, expect, it } from 'vitest';
import { useTestApp, runDueJobs } from '../../test/app.ts';
import { readOutbox, sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { checkout, gatewayApp, payAtTestGateway, placeOrder, refundAsAdmin } from '../../test/selling.ts';

const clock = manualClock();
const ctx = useTestApp(gatewayApp(clock, { SUPPORT_EMAIL: 'invoices-support@flowbay.test' }));
const call = sessionCaller(() => ctx);

const REQUEST = {
  company_name: 'Công ty TNHH Tự Động Hóa Sài Gòn',
  tax_code: '0312345678',
  address: '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
  email: 'ketoan@tudonghoa.test',
};

async function paidWorkflow(title = 'Zalo invoice sync') {
  const author = await createUser(ctx.db, { name: 'Linh Author' });
  return createWorkflow(ctx.db, ctx.storage, { userId: author.id, price: 250_000, title });
}

async function orderWithRequest(buyer: TestSession) {
  const workflow = await paidWorkflow();
  const placed = await placeOrder(ctx, buyer, workflow.id);
  const requested = await call('PUT', `/api/orders/${placed.code}/invoice`, buyer, REQUEST);
  expect(requested.statusCode, requested.body).toBe(200);
  return placed;
}

describe('asking for a VAT invoice', () => {
  it('checks the tax code, the caller and the order', async () => {
    const buyer = await signedInUser(ctx, { locale: 'vi' });
    const workflow = await paidWorkflow();
    const { code } = await placeOrder(ctx, buyer, workflow.id);
    const url = `/api/orders/${code}/invoice`;

    const anonymous = await call('PUT', url, null, REQUEST);
    expect(anonymous.statusCode).toBe(401);

    for (const tax_code of ['031234567', '03123456789', '0312345678-01', '03123456AB', '0312345678 001']) {
      const bad = await call('PUT', url, buyer, { ...REQUEST, tax_code });
      expect(bad.statusCode, tax_code).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'INVALID_TAX_CODE', field: 'tax_code' });
    }
    const vietnamese = await call(
      'PUT',
      url,
      buyer,
      { ...REQUEST, tax_code: 'x' },
      { 'accept-language': 'vi' },
    );
    expect(vietnamese.json().error.message).toContain('Mã số thuế');

    const someoneElse = await signedInUser(ctx);
    const theirs = await call('PUT', url, someoneElse, REQUEST);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('ORDER_NOT_FOUND');
    expect((await call('GET', url, someoneElse)).statusCode).toBe(404);

    const branch = await call('PUT', url, buyer, { ...REQUEST, tax_code: '0312345678-001' });
    expect(branch.statusCode, branch.body).toBe(200);
    expect(branch.json().invoice).toMatchObject({
      tax_code: '0312345678-001',
      state: 'requested',
      invoice_number: null,
    });
    const read = await call('GET', url, buyer);
    expect(read.json().invoice).toMatchObject({
      company_name: REQUEST.company_name,
      tax_code: '0312345678-001',
    });
  });

  it('asked for at checkout, the request is placed with the order in one call; a wrong tax code places neither', async () => {
    const buyer = await signedInUser(ctx, { locale: 'vi' });
    const workflow = await paidWorkflow('Checkout invoice');
    const wrong = await checkout(ctx, buyer, workflow.id, 'test', {
      invoice: { ...REQUEST, tax_code: '0312' },
    });
    expect([wrong.statusCode, wrong.json().error]).toEqual([
      400,
      expect.objectContaining({ code: 'INVALID_TAX_CODE', field: 'tax_code' }),
    ]);
    expect((await call('GET', '/api/me/purchases', buyer)).json().purchases).toEqual([]);
    const admin = await signedInUser(ctx, { role: 'admin' });
    const orders = await call('GET', `/api/admin/orders?q=${encodeURIComponent(buyer.user.email)}`, admin);
    expect(orders.json().orders).toEqual([]);

    const placed = await checkout(ctx, buyer, workflow.id, 'test', { invoice: REQUEST });
    expect(placed.statusCode, placed.body).toBe(201);
    const code = placed.json().order.code as string;
    const read = await call('GET', `/api/orders/${code}/invoice`, buyer);
    expect(read.json().invoice).toMatchObject({ ...REQUEST, state: 'requested' });
    // Paying makes it due, as for a request made on the order page.
    await payAtTestGateway(ctx, placed.json().redirect_url);
    expect((await call('GET', `/api/orders/${code}/invoice`, buyer)).json().invoice.state).toBe('pending');
  });

  it('an order without a request answers null; an unknown order 404', async () => {
    const buyer = await signedInUser(ctx);
    const workflow = await paidWorkflow();
    const { code } = await placeOrder(ctx, buyer, workflow.id);
    const none = await call('GET', `/api/orders/${code}/invoice`, buyer);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ invoice: null });
    const unknown = await call('PUT', '/api/orders/FB-NOPE0000/invoice', buyer, REQUEST);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the manual driver: the admins issue', () => {
  it('a paid request waits in the queue; the admin issues it and the buyer is e-mailed its number and lookup code', async () => {
    const buyer = await signedInUser(ctx, { locale: 'vi' });
    const admin = await signedInUser(ctx, { role: 'admin' });
    const { code, redirectUrl } = await orderWithRequest(buyer);

    const before = await call('GET', '/api/admin/invoices', admin);
    expect(before.json().items.map((item: { order_code: string }) => item.order_code)).not.toContain(code);

    await payAtTestGateway(ctx, redirectUrl);
    await runDueJobs(ctx, clock);
    const received = readOutbox(ctx, buyer.user.email).find((m) => m.subject.includes('Đã nhận yêu cầu'));
    expect(received?.subject).toBe(`Đã nhận yêu cầu xuất hóa đơn GTGT cho đơn hàng ${code}`);
    expect(received?.text).toContain(`Đơn vị mua hàng: ${REQUEST.company_name}`);
    expect(received?.text).toContain('Mã số thuế: 0312345678');
    const queue = await call('GET', '/api/admin/invoices', admin);
    expect(queue.statusCode).toBe(200);
    const entry = queue.json().items.find((item: { order_code: string }) => item.order_code === code);
    expect(entry).toMatchObject({
      state: 'pending',
      provider: 'manual',
      tax_code: REQUEST.tax_code,
      amount: 250_000,
      order_state: 'paid',
      adjustment_due: false,
    });

    const issued = await call('POST', `/api/admin/invoices/${code}/issue`, admin, {
      invoice_number: '0000123',
      lookup_code: 'TRACUU-ABC123',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().invoice).toMatchObject({ state: 'issued', invoice_number: '0000123' });

    await runDueJobs(ctx, clock);
    const mail = readOutbox(ctx, buyer.user.email).find((m) => m.subject.includes('Hóa đơn GTGT'));
    expect(mail?.subject).toBe(`Hóa đơn GTGT cho đơn hàng ${code} đã được xuất`);
    expect(mail?.text).toContain('Số hóa đơn: 0000123');
    expect(mail?.text).toContain('Mã tra cứu: TRACUU-ABC123');
    expect(mail?.text).toContain('Mã số thuế: 0312345678');
    // The company's accounting address gets its copy too.
    expect(readOutbox(ctx, REQUEST.email).some((m) => m.text.includes('TRACUU-ABC123'))).toBe(true);

    const receipt = await call('GET', `/api/orders/${code}/invoice`, buyer);
    expect(receipt.json().invoice).toMatchObject({
      state: 'issued',
      invoice_number: '0000123',
      lookup_code: 'TRACUU-ABC123',
    });
    const after = await call('GET', '/api/admin/invoices', admin);
    expect(after.json().items.map((item: { order_code: string }) => item.order_code)).not.toContain(code);

    const changed = await call('PUT', `/api/orders/${code}/invoice`, buyer, REQUEST);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('INVOICE_ALREADY_ISSUED');
    const twice = await call('POST', `/api/admin/invoices/${code}/issue`, admin, {
      invoice_number: '0000124',
      lookup_code: 'X',
    });
    expect(twice.json().error.code).toBe('INVOICE_ALREADY_ISSUED');
  });

  it('a request made after paying is due at once; an order without one cannot be issued', async () => {
    const buyer = await signedInUser(ctx);
    const admin = await signedInUser(ctx, { role: 'admin' });
    const workflow = await paidWorkflow();
    const { code, redirectUrl } = await placeOrder(ctx, buyer, workflow.id);
    await payAtTestGateway(ctx, redirectUrl);
    const none = await call('POST', `/api/admin/invoices/${code}/issue`, admin, {
      invoice_number: '1',
      lookup_code: '1',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('INVOICE_NOT_FOUND');

    const late = await call('PUT', `/api/orders/${code}/invoice`, buyer, REQUEST);
    expect(late.json().invoice.state).toBe('pending');
    const queue = await call('GET', '/api/admin/invoices', admin);
    expect(queue.json().items.some((item: { order_code: string }) => item.order_code === code)).toBe(true);
  });

  it('refunding an invoiced order puts it back in the queue as needing an adjustment and tells the admins', async () => {
    const buyer = await signedInUser(ctx);
    const admin = await signedInUser(ctx, { role: 'admin' });
    const { code, redirectUrl } = await orderWithRequest(buyer);
    await payAtTestGateway(ctx, redirectUrl);
    const issued = await call('POST', `/api/admin/invoices/${code}/issue`, admin, {
      invoice_number: '0000777',
      lookup_code: 'LOOKUP-777',
    });
    expect(issued.statusCode).toBe(200);

    await refundAsAdmin(ctx, admin, code);
    const queue = await call('GET', '/api/admin/invoices', admin);
    const entry = queue.json().items.find((item: { order_code: string }) => item.order_code === code);
    expect(entry).toMatchObject({ state: 'issued', adjustment_due: true, order_state: 'refunded' });

    await runDueJobs(ctx, clock);
    const told = readOutbox(ctx, 'invoices-support@flowbay.test').find((m) => m.subject.includes(code));
    expect(told?.subject).toBe(`Adjustment invoice due for refunded order ${code}`);
    expect(told?.text).toContain('0000777');

    const adjusted = await call('POST', `/api/admin/invoices/${code}/adjusted`, admin);
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(adjusted.json().invoice.adjustment_due).toBe(false);
    const after = await call('GET', '/api/admin/invoices', admin);
    expect(after.json().items.map((item: { order_code: string }) => item.order_code)).not.toContain(code);
    const again = await call('POST', `/api/admin/invoices/${code}/adjusted`, admin);
    expect(again.statusCode).toBe(409);
  });

  it('refunding an order whose invoice was never issued asks for no adjustment', async () => {
    const buyer = await signedInUser(ctx);
    const admin = await signedInUser(ctx, { role: 'admin' });
    const { code, redirectUrl } = await orderWithRequest(buyer);
    await payAtTestGateway(ctx, redirectUrl);
    await refundAsAdmin(ctx, admin, code);
    const queue = await call('GET', '/api/admin/invoices', admin);
    expect(queue.json().items.map((item: { order_code: string }) => item.order_code)).not.toContain(code);
    const all = await call('GET', '/api/admin/invoices?view=all', admin);
    const entry = all.json().items.find((item: { order_code: string }) => item.order_code === code);
    expect(entry).toMatchObject({ state: 'pending', adjustment_due: false, order_state: 'refunded' });
    const refused = await call('PUT', `/api/orders/${code}/invoice`, buyer, REQUEST);
    expect(refused.json().error.code).toBe('INVOICE_NOT_REQUESTABLE');
  });
});

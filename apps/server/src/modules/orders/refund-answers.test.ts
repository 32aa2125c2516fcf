import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { readOutbox, sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { createLibraryKey } from '../../test/n8n.ts';
import { manualClock } from '../../test/payments.ts';
import { buyThroughTestGateway, gatewayApp } from '../../test/selling.ts';

/** Refunds with the seller in the loop (decision 0158): the seller is told, answers once within 48 hours. */
const HOUR = 60 * 60 * 1000;
const clock = manualClock();
const ctx = useTestApp(gatewayApp(clock));
const call = sessionCaller(() => ctx);
let seller: TestSession;
let admin: TestSession;

beforeAll(async () => {
  seller = await signedInUser(ctx, { name: 'Lan Seller', locale: 'vi' });
  admin = await signedInUser(ctx, { role: 'admin' });
});

/** A paid workflow of `seller` bought by a new buyer, who then asks for a refund. */
async function refundRequested(title: string, reason = 'It does not start on my n8n') {
  const workflow = await createWorkflow(ctx.db, ctx.storage, {
    userId: seller.user.id,
    price: 120_000,
    title,
  });
  const buyer = await signedInUser(ctx, { locale: 'en' });
  const { code } = await buyThroughTestGateway(ctx, buyer, workflow.id);
  return { workflow, buyer, code, reason };
}

async function ask(buyer: TestSession, code: string, reason: string) {
  const asked = await call('POST', `/api/orders/${code}/refund-request`, buyer, { reason });
  expect(asked.statusCode, asked.body).toBe(200);
  const mine = await call('GET', '/api/me/refund-requests', seller);
  const request = mine.json().requests.find((item: { order_code: string }) => item.order_code === code);
  expect(request).toBeDefined();
  return request as { id: string; answer_due_at: string; created_at: string };
}

const answer = (session: TestSession | null, id: string, body: unknown) =>
  call('POST', `/api/me/refund-requests/${id}/answer`, session, body);

describe("the seller's part in a refund", () => {
  it('tells the seller at once, in their language, with the buyer’s reason and where to answer', async () => {
    const { buyer, code } = await refundRequested('Sổ quỹ tự động');
    await ask(buyer, code, 'Thiếu node Google Sheets');
    await ctx.app.jobs.runDue();
    const mail = readOutbox(ctx, seller.user.email).find((item) => item.subject.includes(code));
    expect(mail?.subject).toBe(`Người mua yêu cầu hoàn tiền "Sổ quỹ tự động" (${code})`);
    expect(mail!.text).toContain('Lý do của người mua: Thiếu node Google Sheets');
    expect(mail!.link).toBe(`${ctx.env.PUBLIC_URL}/me/sales#refund-requests`);
    // The buyer is not told the seller's side of things.
    expect(readOutbox(ctx, buyer.user.email).some((item) => item.subject.includes('yêu cầu hoàn tiền'))).toBe(
      false,
    );
  });

  it('lists open requests only to the seller of the order', async () => {
    const { buyer, code } = await refundRequested('Lead router');
    const request = await ask(buyer, code, 'Not what I expected');
    expect(new Date(request.answer_due_at).getTime() - new Date(request.created_at).getTime()).toBe(
      48 * HOUR,
    );
    const buyers = await call('GET', '/api/me/refund-requests', buyer);
    expect(buyers.json().requests).toEqual([]);
    expect((await call('GET', '/api/me/refund-requests', null)).statusCode).toBe(401);
  });

  it('takes one answer from the seller only: anonymous, another user and the buyer are refused', async () => {
    const { buyer, code } = await refundRequested('Invoice OCR');
    const request = await ask(buyer, code, 'Duplicate purchase');
    const other = await signedInUser(ctx);

    expect((await answer(null, request.id, { accept: true })).statusCode).toBe(401);
    const byOther = await answer(other, request.id, { accept: true });
    expect([byOther.statusCode, byOther.json().error.code]).toEqual([404, 'REFUND_REQUEST_NOT_FOUND']);
    const byBuyer = await answer(buyer, request.id, { accept: true });
    expect([byBuyer.statusCode, byBuyer.json().error.code]).toEqual([404, 'REFUND_REQUEST_NOT_FOUND']);

    const noReason = await answer(seller, request.id, { accept: false, reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    const contested = await answer(seller, request.id, {
      accept: false,
      reason: 'The buyer imported it into n8n twice',
    });
    expect(contested.statusCode, contested.body).toBe(200);
    expect(contested.json().request.answer).toMatchObject({
      accepted: false,
      reason: 'The buyer imported it into n8n twice',
    });

    const twice = await answer(seller, request.id, { accept: true });
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'REFUND_ALREADY_ANSWERED']);
    const listed = await call('GET', '/api/me/refund-requests', seller);
    const mine = listed.json().requests.find((item: { id: string }) => item.id === request.id);
    expect(mine.answer).toMatchObject({ accepted: false, reason: 'The buyer imported it into n8n twice' });
  });

  it('refuses an answer after 48 hours, and after the admin decided', async () => {
    const late = await refundRequested('Late answer');
    const lateRequest = await ask(late.buyer, late.code, 'Changed my mind');
    const decided = await refundRequested('Decided first');
    const decidedRequest = await ask(decided.buyer, decided.code, 'Wrong platform');
    const declined = await call('POST', `/api/admin/orders/${decided.code}/decline-refund`, admin, {
      reason: 'The file works as described',
    });
    expect(declined.statusCode).toBe(200);
    const afterDecision = await answer(seller, decidedRequest.id, { accept: true });
    expect([afterDecision.statusCode, afterDecision.json().error.code]).toEqual([409, 'NO_REFUND_REQUEST']);

    clock.advance(48 * HOUR + 60_000);
    const tooLate = await answer(seller, lateRequest.id, { accept: true });
    expect([tooLate.statusCode, tooLate.json().error.code]).toEqual([409, 'REFUND_ANSWER_WINDOW_CLOSED']);
    const queue = await call('GET', '/api/admin/refund-requests', admin);
    const row = queue.json().orders.find((order: { code: string }) => order.code === late.code);
    expect(row.seller_answer).toBeNull();
    expect(new Date(row.answer_due_at).getTime()).toBeLessThan(clock.now().getTime());
  });

  it("shows the admin the buyer's reason, the seller's answer and every download and import with its time", async () => {
    const { workflow, buyer, code } = await refundRequested('Evidence bot');
    const before = Date.now();
    const downloaded = await call('GET', `/api/workflows/${workflow.id}/download`, buyer);
    expect(downloaded.statusCode).toBe(200);
    // n8n's "Use workflow" through the buyer's personal library key.
    const key = await createLibraryKey(ctx, buyer);
    const imported = await ctx.app.inject({
      method: 'GET',
      url: `/n8n/k/${key}/workflows/templates/${workflow.number}`,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    // Someone else's download is not the buyer's evidence.
    const stranger = await signedInUser(ctx);
    await call('GET', `/api/workflows/${workflow.id}/download`, stranger);

    const request = await ask(buyer, code, 'It never worked');
    expect((await answer(seller, request.id, { accept: true, reason: '' })).statusCode).toBe(200);

    const queue = await call('GET', '/api/admin/refund-requests', admin);
    expect(queue.statusCode).toBe(200);
    const row = queue.json().orders.find((order: { code: string }) => order.code === code);
    expect(row.refund_request.reason).toBe('It never worked');
    expect(row.seller_answer).toMatchObject({ accepted: true, reason: null });
    expect(row.downloads.map((item: { kind: string }) => item.kind)).toEqual(['file', 'n8n_import']);
    for (const item of row.downloads as { at: string }[]) {
      expect(new Date(item.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    expect(row.download_days).toHaveLength(1);

    const forbidden = await call('GET', '/api/admin/refund-requests', seller);
    expect(forbidden.statusCode).toBe(403);
  });
});

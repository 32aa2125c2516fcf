import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { workflows } from '../../db/schema.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { payAtTestGateway, useMailingGatewayApp } from '../../test/selling.ts';

/**
 * The receipt e-mail and the library name the licence bought (decision 0159): a tier, an upgrade
 * and the difference paid, a discount code; a bundle's receipt lists the workflows it grants.
 */

const HOUR = 60 * 60 * 1000;
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
const { ctx, mail, settle } = useMailingGatewayApp(clock);
const call = sessionCaller(() => ctx);
let seller: TestSession;

beforeAll(async () => {
  seller = await signedInUser(ctx, { name: 'Quoc Seller' });
});

/** A workflow selling Personal 100k, Commercial 300k and Agency 800k (5 clients). */
async function tieredWorkflow(title: string) {
  const workflow = await createWorkflow(ctx.db, ctx.storage, {
    userId: seller.user.id,
    price: 100_000,
    title,
  });
  await ctx.db
    .update(workflows)
    .set({ commercialPrice: 300_000, agencyPrice: 800_000, agencyClients: 5 })
    .where(eq(workflows.id, workflow.id));
  return workflow;
}

async function pay(buyer: TestSession, body: Record<string, unknown>) {
  const placed = await call('POST', '/api/orders', buyer, { provider: 'test', ...body });
  expect(placed.statusCode, placed.body).toBe(201);
  await payAtTestGateway(ctx, placed.json().redirect_url);
  await settle();
  return placed.json().order as { code: string; amount: number };
}

const receiptsOf = (buyer: TestSession) =>
  mail.smtp.to(buyer.user.email).filter((mail) => /receipt|Biên nhận/.test(mail.subject));

async function library(buyer: TestSession) {
  const response = await call('GET', '/api/me/purchases', buyer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().purchases as {
    licence: string;
    upgrades: { tier: string; amount: number }[];
    workflow: { id: string };
    order: { code: string; amount: number };
  }[];
}

describe('the receipt names the licence', () => {
  it('a Commercial licence bought with a code: the tier, the code and what was paid', async () => {
    const workflow = await tieredWorkflow('Zalo order alerts');
    const code = await call('POST', '/api/me/discount-codes', seller, {
      code: 'spring20',
      kind: 'percent',
      value: 20,
      max_uses: 5,
      starts_at: new Date(clock.now().getTime() - HOUR).toISOString(),
      ends_at: new Date(clock.now().getTime() + 48 * HOUR).toISOString(),
    });
    expect(code.statusCode, code.body).toBe(201);
    const buyer = await signedInUser(ctx, { locale: 'en', name: 'Lan Buyer' });
    const order = await pay(buyer, {
      workflow_id: workflow.id,
      licence: 'commercial',
      discount_code: 'spring20',
    });
    expect(order.amount).toBe(240_000);

    const [receipt] = receiptsOf(buyer);
    expect(receipt!.subject).toBe(`Your Flowbay receipt ${order.code}`);
    expect(receipt!.text).toContain('Item: Zalo order alerts');
    expect(receipt!.text).toContain('Licence: Commercial');
    expect(receipt!.text).not.toContain('upgrade');
    expect(receipt!.text).toContain('Discount code: SPRING20 (−60,000 VNĐ)');
    expect(receipt!.text).toContain('Amount: 240,000 VNĐ (all fees included)');
    expect(receipt!.text).toContain(
      'You can download the workflow, and every later version, from "My purchases". Refunds can be requested within 7 days.',
    );

    const [held] = await library(buyer);
    expect(held).toMatchObject({ licence: 'commercial', upgrades: [{ tier: 'agency', amount: 500_000 }] });
  });

  it('an upgrade from Personal to Agency, in Vietnamese: the new tier, the one it replaced and the difference', async () => {
    const workflow = await tieredWorkflow('Cảnh báo đơn Zalo');
    const buyer = await signedInUser(ctx, { locale: 'vi', name: 'Nguyễn Thị Lan' });
    const first = await pay(buyer, { workflow_id: workflow.id });
    const [personalReceipt] = receiptsOf(buyer);
    expect(personalReceipt!.text).toContain('Giấy phép: Cá nhân');
    expect((await library(buyer))[0]).toMatchObject({
      licence: 'personal',
      upgrades: [
        { tier: 'commercial', amount: 200_000 },
        { tier: 'agency', amount: 700_000 },
      ],
    });

    const upgrade = await pay(buyer, { workflow_id: workflow.id, licence: 'agency' });
    expect(upgrade.amount).toBe(700_000);
    const receipt = receiptsOf(buyer).find((mail) => mail.subject.includes(upgrade.code))!;
    expect(receipt.subject).toBe(`Biên nhận Flowbay ${upgrade.code}`);
    expect(receipt.text).toContain('Giấy phép: Agency (nâng cấp từ Cá nhân)');
    expect(receipt.text).toContain('Số tiền: 700.000 VNĐ (đã gồm mọi khoản phí)');
    expect(receipt.text).toContain('Giấy phép của bạn giờ là Agency');
    expect(receipt.text).toContain(
      'Tải lại quy trình trong mục "Đã mua" để nhận tệp ghi giấy phép mới. Yêu cầu hoàn tiền được chấp nhận trong vòng 7 ngày.',
    );

    // The library keeps the first purchase's row and shows the tier now held, with nothing higher.
    const held = await library(buyer);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ licence: 'agency', upgrades: [], order: { code: first.code } });
  });

  it('a bundle: the receipt names the bundle and each workflow it grants', async () => {
    const a = await createWorkflow(ctx.db, ctx.storage, {
      userId: seller.user.id,
      price: 100_000,
      title: 'Lead capture to Sheets',
    });
    const b = await createWorkflow(ctx.db, ctx.storage, {
      userId: seller.user.id,
      price: 80_000,
      title: 'Invoice reminders',
    });
    const made = await call('POST', '/api/bundles', seller, {
      title: 'Sales automation kit',
      price: 150_000,
      workflow_ids: [a.id, b.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    const buyer = await signedInUser(ctx, { locale: 'en' });
    const order = await pay(buyer, { bundle_id: made.json().id });

    const [receipt] = receiptsOf(buyer);
    expect(receipt!.subject).toBe(`Your Flowbay receipt ${order.code}`);
    expect(receipt!.text).toContain('Bundle: Sales automation kit');
    expect(receipt!.text).toContain(
      'Workflows in this bundle (2): Lead capture to Sheets; Invoice reminders',
    );
    expect(receipt!.text).toContain('Licence: Personal (for each workflow)');
    expect(receipt!.text).toContain(
      'You can download each workflow, and every later version, from "My purchases". Refunds can be requested within 7 days.',
    );
    expect(receipt!.text).toContain('Amount: 150,000 VNĐ (all fees included)');
  });

  it('the library is the signed-in buyer’s only', async () => {
    expect((await call('GET', '/api/me/purchases', null)).statusCode).toBe(401);
    const stranger = await signedInUser(ctx);
    expect(await library(stranger)).toEqual([]);
  });
});

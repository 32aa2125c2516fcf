import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { splitSaleWithTax } from '@flowbay/domain';
import { bundleOrderItems, purchases, sales, workflows } from '../../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { downloadAs, entitlementsOf, manualClock, orderOf } from '../../test/payments.ts';
import { buyThroughTestGateway, gatewayApp, payAtTestGateway, refundAsAdmin } from '../../test/selling.ts';

/** Bundles: the seller's API, the public page and search, and buying one (docs/decisions, bundles). */

const clock = manualClock(new Date('2026-08-01T08:00:00Z'));
const ctx = useTestApp(gatewayApp(clock, { PAYMENT_TEST_GATEWAY: 'true' }));
const call = sessionCaller(() => ctx);
let seller: TestSession;
let other: TestSession;
let admin: TestSession;

beforeAll(async () => {
  seller = await signedInUser(ctx);
  other = await signedInUser(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
});

/** Three listed workflows of the seller at these prices. */
async function workflowsAt(...prices: number[]) {
  const made = [];
  for (const price of prices) {
    made.push(await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price }));
  }
  return made;
}

function createBundle(session: TestSession | null, body: Record<string, unknown>) {
  return call('POST', '/api/bundles', session, body);
}

async function bundleOf(workflowIds: string[], price: number, title = 'Sales automation kit') {
  const response = await createBundle(seller, { title, price, workflow_ids: workflowIds });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; slug: string };
}

function checkoutBundle(session: TestSession | null, bundleId: string) {
  return call('POST', '/api/orders', session, { bundle_id: bundleId, provider: 'test' });
}

async function buyBundle(buyer: TestSession, bundleId: string) {
  const placed = await checkoutBundle(buyer, bundleId);
  expect(placed.statusCode, placed.body).toBe(201);
  const { order, redirect_url } = placed.json();
  await payAtTestGateway(ctx, redirect_url);
  return { code: order.code as string, amount: order.amount as number };
}

const activeIds = async (userId: string) =>
  (await entitlementsOf(ctx, userId)).filter((row) => !row.revokedAt).map((row) => row.workflowId);

describe('a seller makes a bundle', () => {
  it('groups their own listed workflows at a bundle price and shows the savings on its page and card', async () => {
    const [a, b, c] = await workflowsAt(100_000, 80_000, 0);
    const made = await createBundle(seller, {
      title: 'Trọn bộ bán hàng',
      description: 'Three workflows for a small shop',
      price: 150_000,
      workflow_ids: [a!.id, b!.id, c!.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    const bundle = made.json();
    expect(bundle).toMatchObject({
      slug: 'tron-bo-ban-hang',
      price: 150_000,
      item_count: 3,
      items_price: 180_000,
      savings: 30_000,
      for_sale: true,
      status: 'listed',
    });
    expect(bundle.workflows.map((card: { id: string }) => card.id)).toEqual([a!.id, b!.id, c!.id]);

    const page = await call('GET', `/api/bundles/${bundle.slug}`, null);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: bundle.id, savings: 30_000, offer: null });

    const found = await call('GET', `/api/bundles?search=${encodeURIComponent('tron bo')}`, null);
    expect(found.json().bundles.map((card: { id: string }) => card.id)).toContain(bundle.id);
    const notFound = await call('GET', '/api/bundles?search=zzzunmatched', null);
    expect(notFound.json().bundles).toEqual([]);

    const own = await call('GET', '/api/me/bundles', seller);
    expect(own.json().bundles.map((card: { id: string }) => card.id)).toContain(bundle.id);
  });

  it('refuses items that are not their own listed workflows, a price not below the items, and 1 or 21 items', async () => {
    const [a, b] = await workflowsAt(50_000, 50_000);
    const theirs = await createWorkflow(ctx.db, ctx.storage, { userId: other.user.id, price: 50_000 });
    const pending = await createWorkflow(ctx.db, ctx.storage, {
      userId: seller.user.id,
      price: 50_000,
      status: 'pending',
    });
    const base = { title: 'A bundle', price: 60_000 };
    for (const ids of [
      [a!.id, theirs.id],
      [a!.id, pending.id],
    ]) {
      const refused = await createBundle(seller, { ...base, workflow_ids: ids });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('BUNDLE_ITEMS_INVALID');
    }
    const dear = await createBundle(seller, { ...base, price: 100_000, workflow_ids: [a!.id, b!.id] });
    expect(dear.statusCode).toBe(400);
    expect(dear.json().error.code).toBe('BUNDLE_PRICE_TOO_HIGH');
    for (const ids of [[a!.id], Array.from({ length: 21 }, () => a!.id), [a!.id, a!.id]]) {
      const refused = await createBundle(seller, { ...base, workflow_ids: ids });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses every write to the anonymous caller (401) and to another user (403, or 404 when unlisted)', async () => {
    const [a, b] = await workflowsAt(40_000, 40_000);
    const bundle = await bundleOf([a!.id, b!.id], 60_000);
    const anonymous = await createBundle(null, {
      title: 'Nope',
      price: 60_000,
      workflow_ids: [a!.id, b!.id],
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('PATCH', `/api/bundles/${bundle.id}`, null, { price: 50_000 })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/bundles/${bundle.id}`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/me/bundles', null)).statusCode).toBe(401);

    const patched = await call('PATCH', `/api/bundles/${bundle.id}`, other, { price: 50_000 });
    expect(patched.statusCode).toBe(403);
    expect((await call('DELETE', `/api/bundles/${bundle.id}`, other)).statusCode).toBe(403);
    // Another user bundling the seller's workflows: they are not theirs.
    const stolen = await createBundle(other, {
      title: 'Stolen',
      price: 60_000,
      workflow_ids: [a!.id, b!.id],
    });
    expect(stolen.json().error.code).toBe('BUNDLE_ITEMS_INVALID');
    expect((await call('GET', `/api/bundles/${bundle.id}`, null)).json().price).toBe(60_000);

    const unlisted = await call('PATCH', `/api/bundles/${bundle.id}`, seller, { status: 'unlisted' });
    expect(unlisted.statusCode).toBe(200);
    expect((await call('GET', `/api/bundles/${bundle.id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/bundles/${bundle.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/bundles/${bundle.id}`, seller)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/bundles/${bundle.id}`, other, { price: 50_000 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/bundles/${bundle.id}`, other)).statusCode).toBe(404);
    // Another user cannot buy it either while unlisted.
    expect((await checkoutBundle(other, bundle.id)).statusCode).toBe(404);
  });

  it('lets the seller edit items and price, and delete it; an admin may take one down', async () => {
    const [a, b, c] = await workflowsAt(30_000, 30_000, 30_000);
    const bundle = await bundleOf([a!.id, b!.id], 50_000);
    const edited = await call('PATCH', `/api/bundles/${bundle.id}`, seller, {
      workflow_ids: [a!.id, b!.id, c!.id],
      price: 70_000,
      title: 'Bigger kit',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Bigger kit',
      item_count: 3,
      items_price: 90_000,
      savings: 20_000,
    });
    const tooDear = await call('PATCH', `/api/bundles/${bundle.id}`, seller, { price: 90_000 });
    expect(tooDear.json().error.code).toBe('BUNDLE_PRICE_TOO_HIGH');

    const byAdmin = await call('PATCH', `/api/bundles/${bundle.id}`, admin, { status: 'unlisted' });
    expect(byAdmin.statusCode).toBe(200);
    const deleted = await call('DELETE', `/api/bundles/${bundle.id}`, seller);
    expect(deleted.json()).toEqual({ id: bundle.id, deleted: true });
    expect((await call('GET', `/api/bundles/${bundle.id}`, seller)).statusCode).toBe(404);
  });

  it('is no longer for sale (hidden from others) once one of its items is unlisted', async () => {
    const [a, b] = await workflowsAt(30_000, 30_000);
    const bundle = await bundleOf([a!.id, b!.id], 50_000, 'Kit losing an item');
    await ctx.db.update(workflows).set({ status: 'unlisted' }).where(eq(workflows.id, b!.id));
    const hidden = await call('GET', `/api/bundles/${bundle.id}`, null);
    expect(hidden.statusCode).toBe(404);
    const buyer = await signedInUser(ctx);
    const refused = await checkoutBundle(buyer, bundle.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('BUNDLE_NOT_FOR_SALE');
  });
});

describe('the catalogue search finds bundles', () => {
  const search = async (words: string) =>
    (
      (await call('GET', `/api/bundles?search=${encodeURIComponent(words)}`, null)).json().bundles as {
        id: string;
      }[]
    ).map((card) => card.id);

  it('by every word of their title or description, accents and case aside, only while for sale', async () => {
    const [a, b, c, d] = await workflowsAt(40_000, 40_000, 40_000, 40_000);
    const made = await createBundle(seller, {
      title: 'Đồng bộ kho hàng',
      description: 'Giữ tồn kho khớp với Shopee',
      price: 60_000,
      workflow_ids: [a!.id, b!.id],
    });
    const bundle = made.json() as { id: string };
    expect(await search('DONG bo')).toContain(bundle.id);
    expect(await search('shopee TỒN')).toContain(bundle.id);
    expect(await search('dong lazada')).not.toContain(bundle.id);
    // LIKE's wildcards are read as text: 'd_ng' is not 'dong'.
    expect(await search('d_ng')).not.toContain(bundle.id);

    // Unlisted by its seller, it is not found; listed again, it is.
    await call('PATCH', `/api/bundles/${bundle.id}`, seller, { status: 'unlisted' });
    expect(await search('dong bo kho')).not.toContain(bundle.id);
    await call('PATCH', `/api/bundles/${bundle.id}`, seller, { status: 'listed' });
    expect(await search('dong bo kho')).toContain(bundle.id);

    // One of its items no longer listed: not for sale, not found.
    const other = (await bundleOf([c!.id, d!.id], 60_000, 'Đồng bộ đơn hàng')).id;
    expect(await search('dong bo')).toEqual(expect.arrayContaining([bundle.id, other]));
    await ctx.db.update(workflows).set({ status: 'unlisted' }).where(eq(workflows.id, d!.id));
    expect(await search('dong bo')).not.toContain(other);

    // Deleted: gone from the search.
    await call('DELETE', `/api/bundles/${bundle.id}`, seller);
    expect(await search('dong bo kho')).not.toContain(bundle.id);
  });
});

describe('buying a bundle', () => {
  it('entitles every workflow in it; one sale of the amount keeps fee, withholding and share exact', async () => {
    const [a, b, c] = await workflowsAt(120_000, 90_000, 0);
    const bundle = await bundleOf([a!.id, b!.id, c!.id], 170_003);
    const buyer = await signedInUser(ctx);
    for (const id of [a!.id, b!.id]) expect((await downloadAs(ctx, buyer, id)).statusCode).toBe(403);

    const offer = (await call('GET', `/api/bundles/${bundle.id}`, buyer)).json().offer;
    expect(offer).toMatchObject({ amount_due: 170_003, already_owned: false, own: false });
    const { code, amount } = await buyBundle(buyer, bundle.id);
    expect(amount).toBe(170_003);
    expect((await orderOf(ctx, code)).state).toBe('paid');
    expect((await activeIds(buyer.user.id)).sort()).toEqual([a!.id, b!.id, c!.id].sort());
    for (const id of [a!.id, b!.id]) expect((await downloadAs(ctx, buyer, id)).statusCode).toBe(200);

    // The parts of the amount sum to it exactly, pro-rata by list price, the remainder on the dearest.
    const order = await orderOf(ctx, code);
    const parts = await ctx.db.select().from(bundleOrderItems).where(eq(bundleOrderItems.orderId, order.id));
    expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBe(170_003);
    expect(Object.fromEntries(parts.map((part) => [part.workflowId, part.amount]))).toEqual({
      [a!.id]: 97_145,
      [b!.id]: 72_858,
      [c!.id]: 0,
    });
    expect(order.workflowId).toBe(a!.id);

    const [sale] = await ctx.db.select().from(sales).where(eq(sales.orderId, order.id));
    const split = splitSaleWithTax(170_003, {
      feeBasisPoints: sale!.feeBasisPoints,
      vatBasisPoints: sale!.vatBasisPoints,
      pitBasisPoints: sale!.pitBasisPoints,
    });
    expect(sale).toMatchObject({ price: 170_003, fee: split.fee, sellerShare: split.sellerShare });
    expect(sale!.fee + sale!.sellerShare).toBe(170_003);

    const library = (await call('GET', '/api/me/purchases', buyer)).json().purchases;
    expect(library.map((item: { workflow: { id: string } }) => item.workflow.id).sort()).toEqual(
      [a!.id, b!.id, c!.id].sort(),
    );
    expect(new Set(library.map((item: { order: { code: string } }) => item.order.code))).toEqual(
      new Set([code]),
    );
  });

  it('charges a buyer who owns part of it the difference, and grants only what they lacked', async () => {
    const [a, b, c] = await workflowsAt(100_000, 60_000, 40_000);
    const bundle = await bundleOf([a!.id, b!.id, c!.id], 150_000);
    const buyer = await signedInUser(ctx);
    const single = await buyThroughTestGateway(ctx, buyer, b!.id);

    const offer = (await call('GET', `/api/bundles/${bundle.slug}`, buyer)).json().offer;
    expect(offer).toMatchObject({ amount_due: 90_000, owned_workflow_ids: [b!.id], already_owned: false });
    const { code, amount } = await buyBundle(buyer, bundle.id);
    expect(amount).toBe(90_000);
    const rows = await entitlementsOf(ctx, buyer.user.id);
    const orderId = (await orderOf(ctx, code)).id;
    expect(
      rows
        .filter((row) => row.orderId === orderId)
        .map((row) => row.workflowId)
        .sort(),
    ).toEqual([a!.id, c!.id].sort());
    expect(rows.find((row) => row.workflowId === b!.id)!.orderId).toBe((await orderOf(ctx, single.code)).id);

    // A refund of the bundle revokes what it granted, never the workflow bought on its own.
    await refundAsAdmin(ctx, admin, code);
    expect((await activeIds(buyer.user.id)).sort()).toEqual([b!.id]);
    expect((await downloadAs(ctx, buyer, a!.id)).statusCode).toBe(403);
    expect((await downloadAs(ctx, buyer, b!.id)).statusCode).toBe(200);
  });

  it('grants the Personal licence of each workflow, which the library shows, even over a refunded Commercial one', async () => {
    const [a, b] = await workflowsAt(100_000, 60_000);
    const bundle = await bundleOf([a!.id, b!.id], 120_000, 'Licence kit');
    const buyer = await signedInUser(ctx);
    // A Commercial licence of `a` the buyer once bought and was refunded (its entitlement revoked).
    await ctx.db.insert(purchases).values({
      userId: buyer.user.id,
      workflowId: a!.id,
      amount: 300_000,
      licence: 'commercial',
      revokedAt: new Date('2026-07-01T00:00:00Z'),
    });
    const { code } = await buyBundle(buyer, bundle.id);
    const library = (await call('GET', '/api/me/purchases', buyer)).json().purchases as {
      licence: string;
      workflow: { id: string };
      order: { code: string };
    }[];
    expect(library.map((item) => [item.workflow.id, item.licence, item.order.code]).sort()).toEqual(
      [
        [a!.id, 'personal', code],
        [b!.id, 'personal', code],
      ].sort(),
    );
  });

  it('refuses with BUNDLE_ALREADY_OWNED when nothing is left to pay', async () => {
    const [a, b, c] = await workflowsAt(100_000, 100_000, 20_000);
    const bundle = await bundleOf([a!.id, b!.id, c!.id], 150_000);
    const buyer = await signedInUser(ctx);
    await buyThroughTestGateway(ctx, buyer, a!.id);
    await buyThroughTestGateway(ctx, buyer, b!.id);
    const offer = (await call('GET', `/api/bundles/${bundle.id}`, buyer)).json().offer;
    expect(offer).toMatchObject({ amount_due: 0, already_owned: true });
    const refused = await checkoutBundle(buyer, bundle.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('BUNDLE_ALREADY_OWNED');

    // Bought whole, a second checkout is refused the same way.
    const whole = await signedInUser(ctx);
    await buyBundle(whole, bundle.id);
    expect((await checkoutBundle(whole, bundle.id)).json().error.code).toBe('BUNDLE_ALREADY_OWNED');
  });

  it('refuses the anonymous caller (401), the seller (OWN_BUNDLE) and an unknown bundle (404)', async () => {
    const [a, b] = await workflowsAt(50_000, 50_000);
    const bundle = await bundleOf([a!.id, b!.id], 80_000);
    expect((await checkoutBundle(null, bundle.id)).statusCode).toBe(401);
    const own = await checkoutBundle(seller, bundle.id);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('OWN_BUNDLE');
    const unknown = await checkoutBundle(other, '6f1d2c1e-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('BUNDLE_NOT_FOUND');
    const both = await call('POST', '/api/orders', other, {
      workflow_id: a!.id,
      bundle_id: bundle.id,
      provider: 'test',
    });
    expect(both.statusCode).toBe(400);
  });

  it('reuses the open checkout, and keeps a workflow checkout apart from a bundle naming it', async () => {
    const [a, b] = await workflowsAt(70_000, 50_000);
    const bundle = await bundleOf([a!.id, b!.id], 100_000);
    const buyer = await signedInUser(ctx);
    const first = (await checkoutBundle(buyer, bundle.id)).json().order.code;
    const again = (await checkoutBundle(buyer, bundle.id)).json().order.code;
    expect(again).toBe(first);
    const single = await call('POST', '/api/orders', buyer, { workflow_id: a!.id, provider: 'test' });
    expect(single.statusCode, single.body).toBe(201);
    expect(single.json().order.code).not.toBe(first);
  });
});

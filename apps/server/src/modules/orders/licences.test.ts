import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, purchases, sales, workflows } from '../../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { gatewayApp, payAtTestGateway, refundAsAdmin } from '../../test/selling.ts';

const HOUR = 60 * 60 * 1000;
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
const ctx = useTestApp(gatewayApp(clock));
const call = sessionCaller(() => ctx);
let seller: TestSession;
let admin: TestSession;

beforeAll(async () => {
  seller = await signedInUser(ctx, { name: 'Lan Seller' });
  admin = await signedInUser(ctx, { role: 'admin' });
});

/** A paid workflow of `owner` selling Personal 100k, Commercial 300k and Agency 800k (5 clients). */
async function tieredWorkflow(owner = seller, tiers = { commercial: 300_000, agency: 800_000 }) {
  const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: owner.user.id, price: 100_000 });
  await ctx.db
    .update(workflows)
    .set({ commercialPrice: tiers.commercial, agencyPrice: tiers.agency, agencyClients: 5 })
    .where(eq(workflows.id, workflow.id));
  return workflow;
}

function order(session: TestSession | null, workflowId: string, extra: Record<string, unknown> = {}) {
  return call('POST', '/api/orders', session, { workflow_id: workflowId, provider: 'test', ...extra });
}

async function buy(session: TestSession, workflowId: string, extra: Record<string, unknown> = {}) {
  const placed = await order(session, workflowId, extra);
  expect(placed.statusCode, placed.body).toBe(201);
  await payAtTestGateway(ctx, placed.json().redirect_url);
  return placed.json().order as { code: string; amount: number };
}

function quote(session: TestSession | null, workflowId: string, extra: Record<string, unknown> = {}) {
  return call('POST', '/api/orders/quote', session, { workflow_id: workflowId, ...extra });
}

async function createCode(owner: TestSession, body: Record<string, unknown>) {
  return call('POST', '/api/me/discount-codes', owner, {
    kind: 'percent',
    value: 20,
    max_uses: 10,
    starts_at: new Date(clock.now().getTime() - HOUR).toISOString(),
    ends_at: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
    ...body,
  });
}

async function heldLicence(userId: string, workflowId: string) {
  const rows = await ctx.db.select().from(purchases).where(eq(purchases.userId, userId));
  return rows.find((row) => row.workflowId === workflowId) ?? null;
}

describe('licence tiers', () => {
  it('quotes each tier with its licence text in both languages, sells Commercial, and shows the tier on the receipt and in the library', async () => {
    const workflow = await tieredWorkflow();
    const ana = await signedInUser(ctx, { locale: 'vi' });
    const offer = await quote(ana, workflow.id, { licence: 'commercial' });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json()).toMatchObject({
      licence: 'commercial',
      upgrade_from: null,
      list_price: 300_000,
      discount_amount: 0,
      amount: 300_000,
    });
    const tiers = offer.json().licences as {
      tier: string;
      price: number;
      text: { en: string; vi: string };
    }[];
    expect(tiers.map((tier) => [tier.tier, tier.price])).toEqual([
      ['personal', 100_000],
      ['commercial', 300_000],
      ['agency', 800_000],
    ]);
    expect(tiers[2]!.text.en).toContain('up to 5 clients');
    expect(tiers[2]!.text.vi).toContain('tối đa 5 khách hàng');

    const bought = await buy(ana, workflow.id, { licence: 'commercial' });
    expect(bought.amount).toBe(300_000);
    const receipt = await call('GET', `/api/orders/${bought.code}`, ana);
    expect(receipt.json().order).toMatchObject({
      state: 'paid',
      licence: 'commercial',
      list_price: 300_000,
      amount: 300_000,
    });
    const library = await call('GET', '/api/me/purchases', ana);
    expect(library.json().purchases).toEqual([
      expect.objectContaining({
        licence: 'commercial',
        workflow: expect.objectContaining({ id: workflow.id }),
      }),
    ]);
  });

  it('an owner upgrades by paying the difference; the seller is credited on what was paid; refunding the upgrade gives back the tier below', async () => {
    const workflow = await tieredWorkflow();
    const binh = await signedInUser(ctx);
    const first = await buy(binh, workflow.id);
    expect(first.amount).toBe(100_000);
    expect((await heldLicence(binh.user.id, workflow.id))?.licence).toBe('personal');

    const upgrade = await quote(binh, workflow.id, { licence: 'agency' });
    expect(upgrade.json()).toMatchObject({ upgrade_from: 'personal', list_price: 800_000, amount: 700_000 });
    const paid = await buy(binh, workflow.id, { licence: 'agency' });
    expect(paid.amount).toBe(700_000);
    expect((await heldLicence(binh.user.id, workflow.id))?.licence).toBe('agency');
    const library = await call('GET', '/api/me/purchases', binh);
    expect(library.json().purchases).toEqual([expect.objectContaining({ licence: 'agency' })]);
    const receipt = await call('GET', `/api/orders/${paid.code}`, binh);
    expect(receipt.json().order).toMatchObject({
      licence: 'agency',
      upgrade_from: 'personal',
      amount: 700_000,
    });

    const sold = await ctx.db.select().from(sales).where(eq(sales.workflowId, workflow.id));
    expect(sold.map((sale) => sale.price).sort()).toEqual([100_000, 700_000]);
    for (const sale of sold) expect(sale.fee + sale.sellerShare).toBe(sale.price);

    // Holding Agency, neither Agency again nor a lower tier can be bought.
    expect((await order(binh, workflow.id, { licence: 'agency' })).json().error.code).toBe(
      'ALREADY_PURCHASED',
    );
    const lower = await order(binh, workflow.id, { licence: 'commercial' });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().error.code).toBe('LICENCE_ALREADY_OWNED');

    await refundAsAdmin(ctx, admin, paid.code);
    const after = await heldLicence(binh.user.id, workflow.id);
    expect(after).toMatchObject({ licence: 'personal', revokedAt: null });
    expect((await call('GET', `/api/workflows/${workflow.id}/download`, binh)).statusCode).toBe(200);
  });

  it('refuses a tier the workflow does not offer, and any quote to the anonymous caller', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 100_000 });
    const cuong = await signedInUser(ctx);
    const refused = await order(cuong, workflow.id, { licence: 'agency' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('LICENCE_NOT_OFFERED');
    expect((await quote(cuong, workflow.id, { licence: 'commercial' })).json().error.code).toBe(
      'LICENCE_NOT_OFFERED',
    );
    expect((await quote(null, workflow.id)).statusCode).toBe(401);
    expect((await order(null, workflow.id, { licence: 'commercial' })).statusCode).toBe(401);
    expect((await quote(seller, workflow.id)).json().error.code).toBe('OWN_WORKFLOW');
  });
});

describe('discount codes', () => {
  it('a seller creates a code; the buyer sees the new price before paying; the order snapshots the code and the fee is on what was paid', async () => {
    const workflow = await tieredWorkflow();
    const created = await createCode(seller, { code: 'tet20', workflow_ids: [workflow.id] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().code).toMatchObject({
      code: 'TET20',
      kind: 'percent',
      value: 20,
      uses: 0,
      active: true,
    });

    const dung = await signedInUser(ctx);
    const priced = await quote(dung, workflow.id, { licence: 'commercial', discount_code: 'Tet20' });
    expect(priced.json()).toMatchObject({
      list_price: 300_000,
      discount_code: 'TET20',
      discount_amount: 60_000,
      amount: 240_000,
    });
    const bought = await buy(dung, workflow.id, { licence: 'commercial', discount_code: 'tet20' });
    const receipt = await call('GET', `/api/orders/${bought.code}`, dung);
    expect(receipt.json().order).toMatchObject({
      licence: 'commercial',
      list_price: 300_000,
      discount_code: 'TET20',
      discount_amount: 60_000,
      amount: 240_000,
    });
    const [sale] = await ctx.db.select().from(sales).where(eq(sales.workflowId, workflow.id));
    expect(sale).toMatchObject({ price: 240_000, fee: 24_000, sellerShare: 216_000 });

    const list = await call('GET', '/api/me/discount-codes', seller);
    expect(list.json().codes).toEqual([expect.objectContaining({ code: 'TET20', uses: 1 })]);
  });

  it('refuses a code of another workflow, one not started, one ended and one deactivated, with a clear code', async () => {
    const workflow = await tieredWorkflow();
    const other = await tieredWorkflow();
    const buyer = await signedInUser(ctx);
    await createCode(seller, { code: 'ONLYOTHER', workflow_ids: [other.id] });
    const soon = new Date(clock.now().getTime() + HOUR).toISOString();
    await createCode(seller, {
      code: 'LATER',
      starts_at: soon,
      ends_at: new Date(clock.now().getTime() + 2 * HOUR).toISOString(),
    });
    await createCode(seller, {
      code: 'OVER',
      starts_at: new Date(clock.now().getTime() - 2 * HOUR).toISOString(),
      ends_at: new Date(clock.now().getTime() - HOUR).toISOString(),
    });
    const stopped = await createCode(seller, { code: 'STOPPED' });
    expect(
      (await call('POST', `/api/me/discount-codes/${stopped.json().code.id}/deactivate`, seller)).json().code
        .active,
    ).toBe(false);
    for (const code of ['ONLYOTHER', 'LATER', 'OVER', 'STOPPED', 'NOSUCHCODE']) {
      const refused = await quote(buyer, workflow.id, { discount_code: code });
      expect(refused.statusCode, code).toBe(422);
      expect(refused.json().error.code).toBe('DISCOUNT_CODE_INVALID');
      expect((await order(buyer, workflow.id, { discount_code: code })).json().error.code).toBe(
        'DISCOUNT_CODE_INVALID',
      );
    }
    // Another seller's code does not apply to this seller's workflow.
    const otherSeller = await signedInUser(ctx);
    await createCode(otherSeller, { code: 'THEIRS' });
    expect((await quote(buyer, workflow.id, { discount_code: 'THEIRS' })).json().error.code).toBe(
      'DISCOUNT_CODE_INVALID',
    );
  });

  it('the anonymous caller and another user are refused: listing, creating, deactivating, and codes on workflows not theirs', async () => {
    const workflow = await tieredWorkflow();
    const created = await createCode(seller, { code: 'MINE', workflow_ids: [workflow.id] });
    const id = created.json().code.id as string;
    const stranger = await signedInUser(ctx);
    expect((await call('GET', '/api/me/discount-codes', null)).statusCode).toBe(401);
    expect((await createCode(null as unknown as TestSession, { code: 'ANON' })).statusCode).toBe(401);
    expect((await call('POST', `/api/me/discount-codes/${id}/deactivate`, null)).statusCode).toBe(401);
    const taken = await call('POST', `/api/me/discount-codes/${id}/deactivate`, stranger);
    expect(taken.statusCode).toBe(404);
    expect(taken.json().error.code).toBe('DISCOUNT_CODE_NOT_FOUND');
    expect((await call('GET', '/api/me/discount-codes', stranger)).json().codes).toEqual([]);
    const foreign = await createCode(stranger, { code: 'STEAL', workflow_ids: [workflow.id] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('WORKFLOW_NOT_FOUND');
    const [still] = await ctx.db.select().from(discountCodes).where(eq(discountCodes.id, id));
    expect(still!.deactivatedAt).toBeNull();
    // Bad input is a 400 with the validation code, not a half-written row.
    const bad = await createCode(seller, { code: 'PCT', value: 150 });
    expect(bad.statusCode).toBe(400);
    const twice = await createCode(seller, { code: 'mine' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('DISCOUNT_CODE_EXISTS');
  });

  it('concurrent checkouts never take more uses than the maximum; an order that closes unpaid gives its use back', async () => {
    const workflow = await tieredWorkflow();
    const created = await createCode(seller, { code: 'RUSH', kind: 'fixed', value: 30_000, max_uses: 3 });
    const codeId = created.json().code.id as string;
    const buyers = await Promise.all(Array.from({ length: 8 }, () => signedInUser(ctx)));
    const answers = await Promise.all(
      buyers.map((buyer) => order(buyer, workflow.id, { discount_code: 'RUSH' })),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed).toHaveLength(3);
    for (const answer of placed)
      expect(answer.json().order).toMatchObject({ amount: 70_000, discount_amount: 30_000 });
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.code).toBe('DISCOUNT_CODE_USED_UP');
    }
    const usesOf = async () =>
      (await ctx.db.select().from(discountCodes).where(eq(discountCodes.id, codeId)))[0]!.uses;
    expect(await usesOf()).toBe(3);

    // One of the three checks out again without the code: its coded order closes and frees a use.
    const first = buyers[answers.indexOf(placed[0]!)]!;
    expect((await order(first, workflow.id)).statusCode).toBe(201);
    expect(await usesOf()).toBe(2);
    // Another's order expires unpaid: its use comes back too.
    clock.advance(HOUR);
    await ctx.app.orders.sweepStaleOrders();
    await ctx.app.jobs.runDue();
    expect(await usesOf()).toBe(0);
    const late = buyers.find((_, index) => answers[index]!.statusCode !== 201)!;
    expect((await quote(late, workflow.id, { discount_code: 'RUSH' })).json().amount).toBe(70_000);
  });
});

describe('pricing the tiers', () => {
  it('a seller prices Commercial and Agency through the edit (reviewed like a price change); tiers out of order are refused', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 100_000 });
    // A paid listing has a cover (the factory's has none).
    await ctx.db
      .update(workflows)
      .set({ coverKey: 'covers/seller/tiers.webp' })
      .where(eq(workflows.id, workflow.id));
    const put = (session: TestSession | null, body: Record<string, unknown>) =>
      call('PUT', `/api/workflows/${workflow.id}`, session, body);
    const below = await put(seller, { commercial_price: 50_000 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.code).toBe('LICENCE_PRICES_INVALID');
    const noClients = await put(seller, { commercial_price: 200_000, agency_price: 500_000 });
    expect(noClients.json().error.code).toBe('LICENCE_PRICES_INVALID');
    expect((await put(null, { commercial_price: 200_000 })).statusCode).toBe(401);
    expect([403, 404]).toContain(
      (await put(await signedInUser(ctx), { commercial_price: 200_000 })).statusCode,
    );

    const saved = await put(seller, {
      commercial_price: '200.000',
      agency_price: 500_000,
      agency_clients: 10,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await ctx.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    const applied = row!.commercialPrice === 200_000;
    if (!applied) {
      // A listed workflow's edit waits for review: buyers still see Personal only until then.
      const buyer = await signedInUser(ctx);
      expect((await quote(buyer, workflow.id, { licence: 'commercial' })).json().error.code).toBe(
        'LICENCE_NOT_OFFERED',
      );
    } else {
      expect(row).toMatchObject({ agencyPrice: 500_000, agencyClients: 10 });
    }
  });
});

describe('the bought file', () => {
  it('carries a sticky note naming the buyer, the licence and the order; the seller’s own download has none', async () => {
    const workflow = await tieredWorkflow();
    const giang = await signedInUser(ctx, { name: 'Giang Buyer' });
    const bought = await buy(giang, workflow.id, { licence: 'commercial' });
    const file = await call('GET', `/api/workflows/${workflow.id}/download`, giang);
    expect(file.statusCode).toBe(200);
    const json = JSON.parse(file.body) as {
      nodes: {
        id: string;
        name: string;
        type: string;
        typeVersion: number;
        parameters: Record<string, unknown>;
      }[];
    };
    const notes = json.nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ typeVersion: 1, parameters: { height: 160, width: 420 } });
    expect(notes[0]!.parameters.content).toContain(
      `Licensed to Giang Buyer — Commercial licence — Flowbay order ${bought.code}`,
    );
    expect(new Set(json.nodes.map((node) => node.name)).size).toBe(json.nodes.length);
    expect(new Set(json.nodes.map((node) => node.id)).size).toBe(json.nodes.length);

    const own = await call('GET', `/api/workflows/${workflow.id}/download`, seller);
    const ownNodes = (JSON.parse(own.body) as { nodes: { type: string }[] }).nodes;
    expect(ownNodes.some((node) => node.type === 'n8n-nodes-base.stickyNote')).toBe(false);
  });

  it("carries the same note when n8n's editor takes it through the buyer's library key", async () => {
    const workflow = await tieredWorkflow();
    const [{ number } = { number: 0 }] = await ctx.db
      .select({ number: workflows.number })
      .from(workflows)
      .where(eq(workflows.id, workflow.id));
    const hoa = await signedInUser(ctx, { name: 'Hoa Buyer' });
    const bought = await buy(hoa, workflow.id, { licence: 'commercial' });
    const line = `Licensed to Hoa Buyer — Commercial licence — Flowbay order ${bought.code}`;
    const keyOf = async (session: TestSession) => {
      const created = await call('POST', '/api/n8n/keys', session, { label: 'My n8n' });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().key as string;
    };
    type Node = { type: string; parameters: { content?: string } };
    const notesIn = (nodes: Node[]) =>
      nodes
        .filter((node) => node.type === 'n8n-nodes-base.stickyNote')
        .map((node) => node.parameters.content);

    const key = await keyOf(hoa);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/n8n/k/${key}/templates/workflows/${number}`,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const template = detail.json() as {
      workflow: { workflow: { nodes: Node[] }; workflowInfo: { nodeCount: number } };
    };
    expect(notesIn(template.workflow.workflow.nodes)).toEqual([expect.stringContaining(line)]);
    const imported = await ctx.app.inject({
      method: 'GET',
      url: `/n8n/k/${key}/workflows/templates/${number}`,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(notesIn((imported.json() as { workflow: { nodes: Node[] } }).workflow.nodes)).toEqual([
      expect.stringContaining(line),
    ]);

    // The author's own key serves their file as they published it.
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/n8n/k/${await keyOf(seller)}/workflows/templates/${number}`,
    });
    expect(notesIn((own.json() as { workflow: { nodes: Node[] } }).workflow.nodes)).toEqual([]);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesDashboard } from '@flowbay/domain';
import { orders, workflowViews, workflows } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { buyThroughTestGateway, injectedIpn, refundAsAdmin } from '../../test/selling.ts';

/** The seller's analytics: views by others only, and per listing by licence tier and discount code. */
const clock = manualClock(new Date('2026-03-02T03:00:00Z'));
let ctx: TestContext;
const call = sessionCaller(() => ctx);
let admin: TestSession;

beforeAll(async () => {
  ctx = await createTestApp({ app: { clock: clock.now, testGatewayIpn: injectedIpn(() => ctx.app) } });
  admin = await signedInUser(ctx, { role: 'admin' });
});
afterAll(() => ctx.close());

async function dashboard(session: TestSession): Promise<SalesDashboard> {
  const response = await call('GET', '/api/me/sales', session);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const view = (session: TestSession | null, workflowId: string, agent = 'visitor') =>
  call('POST', `/api/workflows/${workflowId}/views`, session, undefined, { 'user-agent': agent });

describe("the seller's analytics", () => {
  it("counts others' views only: the seller's own views are neither recorded nor shown", async () => {
    const seller = await signedInUser(ctx, { name: 'Lan Seller' });
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 90_000 });
    // A view the author made before their own views stopped being counted.
    await ctx.db
      .insert(workflowViews)
      .values({ workflowId: workflow.id, visitor: `u:${seller.user.id}`, day: '2026-01-01' });
    await ctx.db
      .update(workflows)
      .set({ views: sql`${workflows.views} + 1` })
      .where(eq(workflows.id, workflow.id));

    const own = await view(seller, workflow.id);
    expect(own.json()).toMatchObject({ counted: false });
    const reader = await signedInUser(ctx);
    expect((await view(reader, workflow.id)).json()).toMatchObject({ counted: true });
    expect((await view(null, workflow.id, 'anonymous reader')).json()).toMatchObject({ counted: true });

    const row = (await dashboard(seller)).workflows.find((item) => item.id === workflow.id);
    expect(row?.views).toBe(2);
  });

  it('shows per listing the purchases, revenue, and the split by licence tier and by discount code', async () => {
    const seller = await signedInUser(ctx, { name: 'Minh Seller' });
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 200_000 });
    const other = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 50_000 });
    for (const agent of ['a', 'b', 'c', 'd']) await view(null, workflow.id, agent);

    const buyers = [await signedInUser(ctx), await signedInUser(ctx), await signedInUser(ctx)];
    const codes = [];
    for (const buyer of buyers) codes.push((await buyThroughTestGateway(ctx, buyer, workflow.id)).code);
    await buyThroughTestGateway(ctx, await signedInUser(ctx), other.id);
    // What a Commercial licence bought with a code records on its order (migration 0029).
    await ctx.db.execute(
      sql`update ${orders} set licence = 'commercial', discount_code = 'TET10', discount_amount = 20000
          where code = ${codes[1]!}`,
    );
    // A refunded sale is no longer a purchase.
    await refundAsAdmin(ctx, admin, codes[2]!);

    const data = await dashboard(seller);
    const row = data.workflows.find((item) => item.id === workflow.id)!;
    expect(row).toMatchObject({ views: 4, sales: 2, refunds: 1, gross: 400_000 });
    expect(data.by_licence.filter((item) => item.workflow_id === workflow.id)).toEqual([
      { workflow_id: workflow.id, licence: 'commercial', sales: 1, gross: 200_000 },
      { workflow_id: workflow.id, licence: 'personal', sales: 1, gross: 200_000 },
    ]);
    expect(data.by_discount.filter((item) => item.workflow_id === workflow.id)).toEqual([
      { workflow_id: workflow.id, code: null, sales: 1, gross: 200_000, discount: 0 },
      { workflow_id: workflow.id, code: 'TET10', sales: 1, gross: 200_000, discount: 20_000 },
    ]);
    expect(data.by_licence.filter((item) => item.workflow_id === other.id)).toEqual([
      { workflow_id: other.id, licence: 'personal', sales: 1, gross: 50_000 },
    ]);

    // Nobody else's sales show.
    const stranger = await signedInUser(ctx);
    const theirs = await dashboard(stranger);
    expect([theirs.workflows, theirs.by_licence, theirs.by_discount]).toEqual([[], [], []]);
  });
});

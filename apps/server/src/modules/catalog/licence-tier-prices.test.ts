import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workflows } from '../../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import { sessionCaller, signedInUser } from '../../test/auth.ts';
import { createWorkflow } from '../../test/factories.ts';

const ctx = useTestApp();
const call = sessionCaller(() => ctx);

describe("a workflow's detail names its licence tiers' prices", () => {
  it('shows the Commercial and Agency prices and the client count, and null for tiers not offered', async () => {
    const seller = await signedInUser(ctx);
    const tiered = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 100_000 });
    await ctx.db
      .update(workflows)
      .set({ commercialPrice: 300_000, agencyPrice: 800_000, agencyClients: 5 })
      .where(eq(workflows.id, tiered.id));
    const personalOnly = await createWorkflow(ctx.db, ctx.storage, {
      userId: seller.user.id,
      price: 100_000,
    });

    const mine = await call('GET', `/api/workflows/${tiered.id}`, seller);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      price: 100_000,
      commercial_price: 300_000,
      agency_price: 800_000,
      agency_clients: 5,
    });
    const other = await call('GET', `/api/workflows/${personalOnly.id}`, seller);
    expect(other.json()).toMatchObject({ commercial_price: null, agency_price: null, agency_clients: null });
  });
});

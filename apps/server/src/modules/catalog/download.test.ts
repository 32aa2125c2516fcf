import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signInAs } from '../../test/auth.ts';
import { addPurchase, createUser, createWorkflow, type WorkflowFactoryInput } from '../../test/factories.ts';
import { n8nNode } from '../../test/publishing.ts';

let ctx: TestContext;
const node = n8nNode('a', 'Webhook', 'n8n-nodes-base.webhook', { parameters: { path: 'x' } });
// What many real exports look like: no top-level name, still marked active.
const NAMELESS = JSON.stringify({ nodes: [node], connections: {}, active: true, pinData: {} });
const MAKE = JSON.stringify({
  name: 'Blueprint',
  flow: [{ id: 1, module: 'http:ActionSendData' }],
  metadata: {},
});

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A listed workflow of a new author, from this file. */
async function workflowOf(file: string, input: Omit<WorkflowFactoryInput, 'userId' | 'file'> = {}) {
  const author = await createUser(ctx.db);
  return createWorkflow(ctx.db, ctx.storage, { userId: author.id, file, ...input });
}

describe('every n8n file served imports in n8n', () => {
  it('gives a nameless export the title as its name and active: false, in downloads and version downloads', async () => {
    const workflow = await workflowOf(NAMELESS, { title: 'Đồng bộ đơn hàng' });
    for (const url of [
      `/api/workflows/${workflow.id}/download`,
      `/api/workflows/${workflow.id}/versions/${workflow.version.id}/download`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const file = JSON.parse(response.body);
      expect(file.name, url).toBe('Đồng bộ đơn hàng');
      expect(file.active, url).toBe(false);
      expect(file.nodes, url).toEqual([node]);
      expect(file.pinData, url).toEqual({});
    }
  });

  it("keeps the author's name and serves it to a buyer the same way", async () => {
    const buyer = await createUser(ctx.db);
    const workflow = await workflowOf(
      JSON.stringify({ name: 'Author name', nodes: [node], connections: {}, active: true }),
      { title: 'Paid one', price: 99_000 },
    );
    await addPurchase(ctx.db, buyer.id, workflow.id, 99_000);
    const session = await signInAs(ctx, buyer);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/workflows/${workflow.id}/download`,
      headers: session.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ name: 'Author name', active: false });
  });

  it('serves Make and Zapier files exactly as stored', async () => {
    const workflow = await workflowOf(MAKE, { platform: 'make' });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${workflow.id}/download` });
    expect(response.body).toBe(MAKE);
  });
});

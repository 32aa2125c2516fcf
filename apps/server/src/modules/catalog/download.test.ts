import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signInAs } from '../../test/auth.ts';
import { n8nWorkflowId } from '../../lib/served-file.ts';
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

  it('gives an id-less export a 16-character n8n id of its workflow, the same on every download', async () => {
    // n8n 2.x refuses to import a file without a top-level id (1.x made one up).
    const workflow = await workflowOf(NAMELESS, { title: 'Không có id' });
    const twin = await workflowOf(NAMELESS, { title: 'Không có id' });
    const idsOf = async (of: typeof workflow) => {
      const ids: unknown[] = [];
      for (const url of [
        `/api/workflows/${of.id}/download`,
        `/api/workflows/${of.id}/download`,
        `/api/workflows/${of.id}/versions/${of.version.id}/download`,
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        ids.push(JSON.parse(response.body).id);
      }
      return ids;
    };
    const ids = await idsOf(workflow);
    expect(ids[0]).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(ids).toEqual([ids[0], ids[0], ids[0]]);
    expect(ids[0]).toBe(n8nWorkflowId(workflow.id));
    // Another workflow with the same file is another n8n workflow.
    const twinIds = await idsOf(twin);
    expect(twinIds[0]).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(twinIds[0]).not.toBe(ids[0]);
  });

  it("keeps the author's id, serves a file that already imports byte for byte and gives each workflow of a pack its own id", async () => {
    const withId = JSON.stringify({
      id: 'Kx81mQ0aZ7pLr2Tw',
      name: 'Mine',
      nodes: [node],
      connections: {},
      active: false,
    });
    const own = await workflowOf(withId);
    const ownResponse = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${own.id}/download` });
    expect(ownResponse.body).toBe(withId);

    const legacy = await workflowOf(
      JSON.stringify({ id: 7, name: 'Old export', nodes: [node], connections: {} }),
    );
    const legacyFile = JSON.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/workflows/${legacy.id}/download` })).body,
    );
    expect(legacyFile).toMatchObject({ id: 7, name: 'Old export', active: false });

    const pack = await workflowOf(
      JSON.stringify([
        { nodes: [node], connections: {} },
        { id: 'Kx81mQ0aZ7pLr2Tw', nodes: [node], connections: {} },
        { id: '', nodes: [node], connections: {} },
      ]),
      { title: 'Pack' },
    );
    const served = JSON.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/workflows/${pack.id}/download` })).body,
    );
    expect(served.map((workflow: { id: string }) => workflow.id)).toEqual([
      n8nWorkflowId(pack.id, 0),
      'Kx81mQ0aZ7pLr2Tw',
      n8nWorkflowId(pack.id, 2),
    ]);
    expect(new Set(served.map((workflow: { id: string }) => workflow.id)).size).toBe(3);
  });

  it('serves Make and Zapier files exactly as stored', async () => {
    const workflow = await workflowOf(MAKE, { platform: 'make' });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${workflow.id}/download` });
    expect(response.body).toBe(MAKE);
  });
});

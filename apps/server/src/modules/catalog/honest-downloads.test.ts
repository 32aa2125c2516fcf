import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { downloadEvents, workflowDownloads, workflows } from '../../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import { signedInUser, uniqueAddress, type TestSession } from '../../test/auth.ts';
import { addPurchase, createWorkflow } from '../../test/factories.ts';
import { createLibraryKey } from '../../test/n8n.ts';

const ctx = useTestApp();

const get = (url: string, session: TestSession | null) =>
  ctx.app.inject({ method: 'GET', url, headers: session?.headers ?? {}, remoteAddress: uniqueAddress() });
const take = (workflowId: string, session: TestSession | null, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/workflows/${workflowId}/taken`,
    headers: session?.headers ?? {},
    remoteAddress: uniqueAddress(),
    payload,
  });

async function downloadsOf(workflowId: string) {
  const [row] = await ctx.db
    .select({ downloads: workflows.downloads })
    .from(workflows)
    .where(eq(workflows.id, workflowId));
  return row!.downloads;
}
const eventsOf = (workflowId: string) =>
  ctx.db
    .select({ kind: downloadEvents.kind, userId: downloadEvents.userId })
    .from(downloadEvents)
    .where(eq(downloadEvents.workflowId, workflowId));
const eligibilityOf = async (workflowId: string, session: TestSession) =>
  (await get(`/api/workflows/${workflowId}/reviews`, session)).json().viewer.eligibility;

async function freeWorkflow() {
  const author = await signedInUser(ctx);
  return createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
}

describe("the detail page's preview", () => {
  it('serves the file but counts nothing and makes nobody eligible to review; a real download does, once a day', async () => {
    const workflow = await freeWorkflow();
    const reader = await signedInUser(ctx);
    for (const url of [
      `/api/workflows/${workflow.id}/download?preview=1`,
      `/api/workflows/${workflow.id}/versions/${workflow.version.id}/download?preview=1`,
    ]) {
      const response = await get(url, reader);
      expect(response.statusCode, url).toBe(200);
      expect(JSON.parse(response.body).nodes, url).toBeDefined();
    }
    expect((await get(`/api/workflows/${workflow.id}/download?preview=1`, null)).statusCode).toBe(200);
    expect(await downloadsOf(workflow.id)).toBe(0);
    expect(await eventsOf(workflow.id)).toEqual([]);
    expect(await eligibilityOf(workflow.id, reader)).toBe('not_used');

    expect((await get(`/api/workflows/${workflow.id}/download`, reader)).statusCode).toBe(200);
    expect((await get(`/api/workflows/${workflow.id}/download`, reader)).statusCode).toBe(200);
    expect(await downloadsOf(workflow.id)).toBe(1);
    expect((await eventsOf(workflow.id)).map((event) => event.kind)).toEqual(['file', 'file']);
    expect(await eligibilityOf(workflow.id, reader)).toBe('eligible');
  });

  it("never serves a paid file to a non-buyer, signed in or not, and counts a buyer's preview as nothing", async () => {
    const author = await signedInUser(ctx);
    const paid = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, price: 99_000 });
    const stranger = await signedInUser(ctx);
    for (const [session, status] of [
      [stranger, 403],
      [null, 401],
    ] as const) {
      const response = await get(`/api/workflows/${paid.id}/download?preview=1`, session);
      expect(response.statusCode).toBe(status);
      expect(response.json().error.code).toBe('PAYMENT_REQUIRED');
    }
    const buyer = await signedInUser(ctx);
    await addPurchase(ctx.db, buyer.user.id, paid.id, 99_000);
    expect((await get(`/api/workflows/${paid.id}/download?preview=1`, buyer)).statusCode).toBe(200);
    expect(await downloadsOf(paid.id)).toBe(0);
    expect(await eventsOf(paid.id)).toEqual([]);
  });

  it('refuses a preview value other than 1', async () => {
    const workflow = await freeWorkflow();
    const response = await get(`/api/workflows/${workflow.id}/download?preview=yes`, null);
    expect(response.statusCode).toBe(400);
  });
});

describe("the preview's Copy JSON and Download JSON", () => {
  it('count as a take of the file and make a signed-in user eligible to review', async () => {
    const workflow = await freeWorkflow();
    const copier = await signedInUser(ctx);
    const response = await take(workflow.id, copier, { kind: 'copy' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recorded: true });
    expect(await downloadsOf(workflow.id)).toBe(1);
    expect(await eventsOf(workflow.id)).toEqual([{ kind: 'copy', userId: copier.user.id }]);
    expect(await eligibilityOf(workflow.id, copier)).toBe('eligible');

    // An anonymous Download JSON counts once for its visitor, and ties nothing to an account.
    expect(
      (await take(workflow.id, null, { kind: 'file', version_id: workflow.version.id })).statusCode,
    ).toBe(200);
    expect(await downloadsOf(workflow.id)).toBe(2);
    expect(await eventsOf(workflow.id)).toHaveLength(1);
  });

  it("refuses a paid workflow's non-buyer and an unknown way", async () => {
    const author = await signedInUser(ctx);
    const paid = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, price: 49_000 });
    const stranger = await signedInUser(ctx);
    const refused = await take(paid.id, stranger, { kind: 'copy' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PAYMENT_REQUIRED');
    expect((await take(paid.id, stranger, { kind: 'preview' })).statusCode).toBe(400);
    expect(await downloadsOf(paid.id)).toBe(0);
  });
});

describe("n8n's template import with a library key", () => {
  it('counts as a download once a day and lets its user review the workflow', async () => {
    const workflow = await freeWorkflow();
    const user = await signedInUser(ctx);
    const key = await createLibraryKey(ctx, user);
    for (let round = 0; round < 2; round++) {
      const imported = await ctx.app.inject({
        method: 'GET',
        url: `/n8n/k/${key}/workflows/templates/${workflow.number}`,
      });
      expect(imported.statusCode, imported.body).toBe(200);
    }
    expect(await downloadsOf(workflow.id)).toBe(1);
    expect((await eventsOf(workflow.id)).map((event) => event.kind)).toEqual(['n8n_import', 'n8n_import']);
    expect(await eligibilityOf(workflow.id, user)).toBe('eligible');
  });
});

describe('migration 0035 corrects the counts kept so far', () => {
  it('drops a signed-in day left by the preview alone, keeps real takes and the unknowable, counts imports', async () => {
    const workflow = await freeWorkflow();
    const previewer = await signedInUser(ctx);
    const downloader = await signedInUser(ctx);
    const sender = await signedInUser(ctx);
    const importer = await signedInUser(ctx);
    const day = '2026-03-10';
    const at = new Date(`${day}T10:00:00Z`);
    const row = (visitor: string) => ({ workflowId: workflow.id, visitor, day, version: '1.0.0' });
    await ctx.db
      .insert(workflowDownloads)
      .values([
        row(`u:${previewer.user.id}`),
        row(`u:${downloader.user.id}`),
        row(`u:${sender.user.id}`),
        row('a:0123abcd'),
      ]);
    const event = (userId: string, kind: 'file' | 'send_to_n8n' | 'n8n_import', minutes = 0) => ({
      workflowId: workflow.id,
      userId,
      kind,
      version: '1.0.0',
      createdAt: new Date(at.getTime() + minutes * 60_000),
    });
    await ctx.db
      .insert(downloadEvents)
      .values([
        event(previewer.user.id, 'file'),
        event(downloader.user.id, 'file'),
        event(downloader.user.id, 'file', 3),
        event(sender.user.id, 'file'),
        event(sender.user.id, 'send_to_n8n', 1),
        event(importer.user.id, 'n8n_import'),
        event(importer.user.id, 'n8n_import', 5),
      ]);
    await ctx.db.update(workflows).set({ downloads: 4 }).where(eq(workflows.id, workflow.id));

    const migration = await readFile(
      new URL('../../db/migrations/0035_honest_download_counts.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await ctx.db.execute(sql.raw(statement));
    }

    const visitors = (
      await ctx.db
        .select({ visitor: workflowDownloads.visitor })
        .from(workflowDownloads)
        .where(eq(workflowDownloads.workflowId, workflow.id))
    )
      .map((kept) => kept.visitor)
      .sort();
    expect(visitors).toEqual(
      [`u:${downloader.user.id}`, `u:${sender.user.id}`, 'a:0123abcd', `u:${importer.user.id}`].sort(),
    );
    // 4 - the preview-only day + the import's day.
    expect(await downloadsOf(workflow.id)).toBe(4);
    expect(await eligibilityOf(workflow.id, previewer)).toBe('not_used');
    expect(await eligibilityOf(workflow.id, downloader)).toBe('eligible');
    expect(await eligibilityOf(workflow.id, importer)).toBe('eligible');
    // A copy is a way the constraint accepts now.
    await ctx.db
      .insert(downloadEvents)
      .values({ workflowId: workflow.id, userId: previewer.user.id, kind: 'copy' });
  });
});

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { uploadedUrl } from '../../test/publishing.ts';

const ZAP = readFileSync(
  new URL(
    '../../../../../packages/workflow-formats/test/fixtures/zapier/handmade--editor-export-paths.json',
    import.meta.url,
  ),
  'utf8',
);
const LINK = 'https://zapier.com/shared/route-new-form-leads-to-crm-and-slack/6b1f2c3d';

const ctx = useTestApp();
const call = sessionCaller(() => ctx);
let author: TestSession;
let admin: TestSession;

async function createZapierListing(more: Record<string, unknown> = {}) {
  return call('POST', '/api/workflows', author, {
    title: 'Route form leads to CRM',
    file_url: await uploadedUrl(ctx, author, 'workflows', ZAP),
    category_ids: ['zapier'],
    subcategory_ids: ['productivity'],
    ...more,
  });
}

beforeAll(async () => {
  author = await signedInUser(ctx);
  admin = await signedInUser(ctx, { role: 'admin' });
});

describe("a Zapier listing's share link", () => {
  it('is saved with the listing, shown on its detail once approved, and changed through review', async () => {
    const created = await createZapierListing({ zapier_share_url: LINK });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().zapier_share_url).toBe(LINK);
    const id = created.json().id as string;

    const approved = await call('POST', `/api/admin/workflows/${id}/approve`, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await call('GET', `/api/workflows/${id}`, null)).json().zapier_share_url).toBe(LINK);

    const next = 'https://zapier.com/shared/route-form-leads-v2/9a8b7c6d';
    const edited = await call('PUT', `/api/workflows/${id}`, author, { zapier_share_url: next });
    expect(edited.statusCode, edited.body).toBe(200);
    // A listed workflow keeps its approved link until the edit is approved.
    expect((await call('GET', `/api/workflows/${id}`, null)).json().zapier_share_url).toBe(LINK);
    expect((await call('POST', `/api/admin/workflows/${id}/approve`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/workflows/${id}`, null)).json().zapier_share_url).toBe(next);
  });

  it('must be https on zapier.com under /shared/ (ZAPIER_LINK_INVALID otherwise)', async () => {
    for (const link of [
      'http://zapier.com/shared/abc',
      'https://zapier.com.evil.example/shared/abc',
      'https://evil.example/shared/abc',
      'https://user@zapier.com/shared/abc',
      'https://zapier.com/app/editor/123',
      'javascript:alert(1)',
    ]) {
      const refused = await createZapierListing({ zapier_share_url: link });
      expect(refused.statusCode, link).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'ZAPIER_LINK_INVALID', field: 'zapier_share_url' });
    }
    const vi = await call(
      'POST',
      '/api/workflows',
      author,
      {
        title: 'Route form leads to CRM',
        file_url: await uploadedUrl(ctx, author, 'workflows', ZAP),
        category_ids: ['zapier'],
        subcategory_ids: ['productivity'],
        zapier_share_url: 'https://evil.example/shared/abc',
      },
      { 'accept-language': 'vi' },
    );
    expect(vi.json().error.message).toBe(
      'Liên kết Zapier phải là liên kết chia sẻ dạng https://zapier.com/shared/….',
    );
  });

  it('is kept from those who may not have the file of a paid listing', async () => {
    const created = await createZapierListing({
      zapier_share_url: LINK,
      price: 99_000,
      cover_image_url: await uploadedUrl(ctx, author, 'covers'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await call('POST', `/api/admin/workflows/${id}/approve`, admin)).statusCode).toBe(200);
    const stranger = await signedInUser(ctx);
    expect((await call('GET', `/api/workflows/${id}`, null)).json().zapier_share_url).toBeNull();
    expect((await call('GET', `/api/workflows/${id}`, stranger)).json().zapier_share_url).toBeNull();
    expect((await call('GET', `/api/workflows/${id}`, author)).json().zapier_share_url).toBe(LINK);
  });

  it('belongs to Zapier listings only', async () => {
    const n8n = await call('POST', '/api/workflows', author, {
      title: 'Slack alerts from a webhook',
      file_url: await uploadedUrl(ctx, author, 'workflows'),
      category_ids: ['n8n'],
      subcategory_ids: ['productivity'],
      zapier_share_url: LINK,
    });
    expect(n8n.statusCode).toBe(400);
    expect(n8n.json().error).toMatchObject({
      code: 'ZAPIER_LINK_INVALID',
      details: { reason: 'notAZapierWorkflow' },
    });

    const plain = await call('POST', '/api/workflows', author, {
      title: 'Slack alerts from a webhook',
      file_url: await uploadedUrl(ctx, author, 'workflows'),
      category_ids: ['n8n'],
      subcategory_ids: ['productivity'],
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().zapier_share_url).toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLATFORM_IDS, scanSecrets } from '@flowbay/workflow-formats';
import { uploads } from '../../db/schema.ts';
import { createLocalStorage } from '../../infra/storage/local.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser, signInAs, type TestSession } from '../../test/auth.ts';
import { createUser } from '../../test/factories.ts';
import { largeN8nExport } from '../../test/large-export.ts';
import { makeImage, multipartBody, n8nExport, upload } from '../../test/publishing.ts';
import { createExportCheckPool } from '../../infra/export-check/index.ts';
import { createUploadsService, sniffImage, uploadKeyOf } from './uploads.service.ts';
import { createUploadsRepository } from './uploads.repository.ts';

const FIXTURES = fileURLToPath(
  new URL('../../../../../packages/workflow-formats/test/fixtures/', import.meta.url),
);
const jsonFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(dir, name));

let ctx: TestContext;
let member: TestSession;

beforeAll(async () => {
  ctx = await createTestApp();
  member = await signedInUser(ctx);
});
afterAll(() => ctx.close());

describe('POST /api/uploads: workflow files', () => {
  const good = PLATFORM_IDS.flatMap((dir) => jsonFiles(join(FIXTURES, dir)));

  it.each(good.map((path) => [path.split('/').slice(-2).join('/'), path]))(
    'accepts corpus file %s and keeps it private',
    async (_name, path) => {
      const content = readFileSync(path);
      const response = await upload(ctx, member, 'workflows', content, { name: 'export.json', redact: true });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body.url).toBe(`upload://${body.key}`);
      expect(body.key).toMatch(new RegExp(`^workflows/${member.user.id}/[A-Za-z0-9_-]+\\.json$`));
      expect(body.summary.nodeCount).toBeGreaterThan(0);
      const stored = await ctx.storage.get(body.key);
      expect(stored).not.toBeNull();
      // Whatever was stored carries no secret the scanner can find.
      expect(scanSecrets(stored!.toString('utf8'))).toEqual([]);
      if (body.redacted.length === 0) expect(stored!.equals(content)).toBe(true);
      // Workflow files have no public address.
      const direct = await ctx.app.inject({ method: 'GET', url: `/files/${body.key}` });
      expect(direct.statusCode).toBe(404);
    },
  );

  it.each(jsonFiles(join(FIXTURES, 'bad')).map((path) => [path.split('/').pop()!, path]))(
    'refuses broken file %s with INVALID_JSON and a position',
    async (_name, path) => {
      const response = await upload(ctx, member, 'workflows', readFileSync(path));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'INVALID_JSON', field: 'file' });
      expect(response.json().error.details.line).toBeGreaterThan(0);
    },
  );

  const secretsFile = join(FIXTURES, 'synthetic', 'handmade--n8n-with-leaked-secrets.json');

  it('refuses a file with secrets, naming node and field, and stores nothing', async () => {
    const before = await ctx.db.select().from(uploads).where(eq(uploads.userId, member.user.id));
    const response = await upload(ctx, member, 'workflows', readFileSync(secretsFile));
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('SECRETS_FOUND');
    expect(error.details.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          node: 'Call OpenAI',
          path: 'parameters.headerParameters.parameters[0].value',
          kind: 'openai-api-key',
        }),
        expect.objectContaining({ node: 'Upload to S3', kind: 'aws-access-key-id' }),
      ]),
    );
    expect(JSON.stringify(error)).not.toContain('EXAMPLEEXAMPLEEXAMPLE7a1b2c3d4e5f6g7h8i9j0k');
    const after = await ctx.db.select().from(uploads).where(eq(uploads.userId, member.user.id));
    expect(after.length).toBe(before.length);
  });

  it('stores the redacted file when asked to redact', async () => {
    const original = readFileSync(secretsFile, 'utf8');
    const response = await upload(ctx, member, 'workflows', original, { redact: true });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.redacted.length).toBe(scanSecrets(original).length);
    const stored = (await ctx.storage.get(body.key))!.toString('utf8');
    expect(stored).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(stored).not.toContain('sk-proj-Q9x2');
    expect(scanSecrets(stored)).toEqual([]);
    expect(JSON.parse(stored).nodes).toHaveLength(JSON.parse(original).nodes.length);
  });

  it.each([
    ['EMPTY_FILE', '', 400],
    ['NOT_A_WORKFLOW', '{"hello":"world"}', 400],
    ['INVALID_JSON', '{"nodes": [', 400],
  ])('refuses %s', async (code, content, status) => {
    const response = await upload(ctx, member, 'workflows', content);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
  });

  it('refuses a file over 5 MB with 413 FILE_TOO_LARGE', async () => {
    const padding = 'x'.repeat(5 * 1024 * 1024);
    const response = await upload(ctx, member, 'workflows', n8nExport().replace('"hi"', `"${padding}"`));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('FILE_TOO_LARGE');
  });

  it('accepts a file just under 5 MB', async () => {
    const padding = 'x'.repeat(5 * 1024 * 1024 - 1000);
    const response = await upload(ctx, member, 'workflows', n8nExport().replace('"hi"', `"${padding}"`));
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses more than 10,000 nodes with TOO_MANY_NODES, in the caller language, and stores nothing', async () => {
    const before = await ctx.db.select().from(uploads).where(eq(uploads.userId, member.user.id));
    const tooMany = JSON.stringify({
      nodes: Array.from({ length: 10_001 }, (_, i) => ({ name: `n${i}`, type: 'n8n-nodes-base.noOp' })),
      connections: {},
    });
    const english = await upload(ctx, member, 'workflows', tooMany);
    expect(english.statusCode).toBe(400);
    expect(english.json().error).toMatchObject({
      code: 'TOO_MANY_NODES',
      field: 'file',
      message: 'The file holds more than 10,000 nodes; no real workflow is that large.',
    });
    const body = multipartBody(
      { folder: 'workflows' },
      {
        name: 'big.json',
        content: Buffer.from(tooMany),
        type: 'application/json',
      },
    );
    const vietnamese = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...body.headers, ...member.headers, 'accept-language': 'vi' },
    });
    expect(vietnamese.json().error).toMatchObject({
      code: 'TOO_MANY_NODES',
      message: 'Tệp chứa hơn 10.000 node; không quy trình thực tế nào lớn đến vậy.',
    });
    const after = await ctx.db.select().from(uploads).where(eq(uploads.userId, member.user.id));
    expect(after.length).toBe(before.length);
  });

  it('accepts 9,000 nodes (4.5 MB), checked off the event loop', async () => {
    const response = await upload(ctx, member, 'workflows', largeN8nExport(9_000));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().summary).toMatchObject({ nodeCount: 9_000, edgeCount: 8_999 });
  });
});

describe('POST /api/uploads: a file over the check budget', () => {
  let tight: TestContext;
  let someone: TestSession;
  beforeAll(async () => {
    tight = await createTestApp({ app: { exportCheck: { threads: 1, budgetMs: 50 } } });
    someone = await signInAs(tight, await createUser(tight.db));
  });
  afterAll(() => tight.close());

  it('is refused with FILE_TOO_COMPLEX, stores nothing, and the next file is checked as usual', async () => {
    const refused = await upload(tight, someone, 'workflows', largeN8nExport(9_000));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'FILE_TOO_COMPLEX',
      field: 'file',
      message: 'The file took too long to check. Split it into smaller workflows and try again.',
    });
    expect(await tight.db.select().from(uploads).where(eq(uploads.userId, someone.user.id))).toEqual([]);
    const next = await upload(tight, someone, 'workflows', n8nExport());
    expect(next.statusCode, next.body).toBe(201);
  });
});

describe('POST /api/uploads: covers', () => {
  it.each(['png', 'jpeg', 'webp'] as const)(
    'accepts a real %s and stores a WebP thumbnail',
    async (format) => {
      const response = await upload(ctx, member, 'covers', await makeImage(format), {
        type: 'application/octet-stream',
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body.key).toMatch(new RegExp(`^covers/${member.user.id}/`));
      expect(body.url).toBe(ctx.storage.publicUrl(body.key));
      const thumb = await ctx.app.inject({ method: 'GET', url: body.thumb_url });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(sniffImage(thumb.rawPayload)).toBe('webp');
      const cover = await ctx.app.inject({ method: 'GET', url: body.url });
      expect(sniffImage(cover.rawPayload)).toBe(format);
    },
  );

  it('checks the bytes, not the MIME type', async () => {
    const fake = await upload(ctx, member, 'covers', 'not an image at all', {
      type: 'image/png',
      name: 'x.png',
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.code).toBe('INVALID_IMAGE');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await upload(ctx, member, 'covers', gif, { type: 'image/jpeg' })).json().error.code).toBe(
      'INVALID_IMAGE',
    );
    const png = await makeImage('png');
    const truncated = png.subarray(0, 60);
    expect((await upload(ctx, member, 'covers', truncated)).json().error.code).toBe('INVALID_IMAGE');
  });
});

describe('POST /api/uploads: refusals', () => {
  it('refuses the anonymous caller with 401', async () => {
    const response = await upload(ctx, null, 'workflows', n8nExport());
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses an unconfirmed account', async () => {
    const unverified = await signedInUser(ctx, { emailVerified: false });
    const response = await upload(ctx, unverified, 'workflows', n8nExport());
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('needs a known folder and a file', async () => {
    const response = await upload(ctx, member, 'elsewhere' as 'covers', n8nExport());
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      field: 'folder',
      details: { messageKey: 'validation.uploadFolder' },
    });
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: member.headers,
      payload: { folder: 'covers' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('orphan uploads', () => {
  it('are swept with their stored objects once the grace period is over', async () => {
    const cover = (await upload(ctx, member, 'covers', await makeImage('png'))).json();
    const service = createUploadsService(
      createUploadsRepository(ctx.db),
      ctx.storage,
      createExportCheckPool(),
    );
    expect(await service.sweepOrphans(new Date(Date.now() - 60_000))).toBe(0);
    const swept = await service.sweepOrphans(new Date(Date.now() + 60_000));
    expect(swept).toBeGreaterThan(0);
    expect(await ctx.storage.get(cover.key)).toBeNull();
    expect(await ctx.storage.get(uploadKeyOf(cover.thumb_url)!)).toBeNull();
    expect(await ctx.db.select().from(uploads).where(eq(uploads.key, cover.key))).toEqual([]);
  });
});

describe('writes a killed process never finished (local storage)', () => {
  it('are swept once older than the cut-off; writes in progress and stored files stay', async () => {
    const root = mkdtempSync(join(tmpdir(), 'flowbay-partial-'));
    try {
      const storage = createLocalStorage(root);
      const kept = `workflows/${member.user.id}/kept.json`;
      await storage.put(kept, Buffer.from('{}'), 'application/json');
      // What `kill -9` in the middle of storage.put leaves: the temporary file, never renamed.
      const leftover = join(root, `workflows/${member.user.id}/lost.json.${randomUUID()}.part`);
      writeFileSync(leftover, '{"half":');
      const service = createUploadsService(createUploadsRepository(ctx.db), storage, createExportCheckPool());

      expect(await service.sweepOrphans(new Date(Date.now() - 60_000))).toBe(0);
      expect(existsSync(leftover)).toBe(true);
      expect(await service.sweepOrphans(new Date(Date.now() + 60_000))).toBe(1);
      expect(existsSync(leftover)).toBe(false);
      expect((await storage.get(kept))?.toString()).toBe('{}');
      expect(readdirSync(join(root, `workflows/${member.user.id}`))).toEqual(['kept.json']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('storage driver of this pass', () => {
  it('is the one TEST_STORAGE asks for', () => {
    expect(ctx.storage.driver).toBe(process.env.TEST_STORAGE === 's3' ? 's3' : 'local');
  });
});

describe('uploadKeyOf', () => {
  it('reads upload:// references, public URLs and bare keys, and nothing else', () => {
    expect(uploadKeyOf('upload://workflows/u1/abc.json')).toBe('workflows/u1/abc.json');
    expect(uploadKeyOf('https://cdn.example.test/covers/u1/abc.webp')).toBe('covers/u1/abc.webp');
    expect(uploadKeyOf('/files/covers/u1/abc.png?v=1')).toBe('covers/u1/abc.png');
    expect(uploadKeyOf('covers/u1/../../x.png')).toBeNull();
    expect(uploadKeyOf('https://evil.example/other/u1/abc.png')).toBeNull();
  });
});

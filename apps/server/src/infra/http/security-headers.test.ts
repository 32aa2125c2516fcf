import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { makeImage } from '../../test/publishing.ts';
import { UPLOADED_FILE_CSP } from './security-headers.ts';

const dist = mkdtempSync(join(tmpdir(), 'flowbay-headers-dist-'));
let ctx: TestContext;
let workflowId = '';
let coverKey = '';

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><!--app-head--><title>x</title><!--/app-head--><script type="module" src="/assets/app.js"></script></head><body></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  ctx = await createTestApp({
    env: { S3_PUBLIC_URL: 'https://covers.flowbay-cdn.example/bucket' },
    app: { webDist: dist },
  });
  const author = await createUser(ctx.db);
  workflowId = (await createWorkflow(ctx.db, ctx.storage, { userId: author.id, price: 0 })).id;
  coverKey = `covers/${author.id}/cover.png`;
  await ctx.storage.put(coverKey, await makeImage('png'), 'image/png');
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

function directives(policy: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  it('every page and API answer: CSP without inline script, nosniff, no framing, a referrer policy', async () => {
    for (const url of ['/', '/admin', '/workflows', '/api/health', '/api/workflows', '/api/nope', '/nope']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy'] as string);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      // Covers may come from S3_PUBLIC_URL.
      expect(csp.get('img-src'), url).toContain('https://covers.flowbay-cdn.example');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      // Not 'no-referrer': browsers would then send `Origin: null` on the site's own writes.
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      // Plain http here: no HSTS, no upgrade-insecure-requests (they would break a local install).
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
    }
  });

  it('the API docs and app icons are served under the same policy', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    const icon = await ctx.app.inject({ method: 'GET', url: '/api/icons/slack.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('the web app itself has no inline script the policy would block (JSON-LD is a data block)', () => {
    const index = readFileSync(fileURLToPath(new URL('../../../../web/index.html', import.meta.url)), 'utf8');
    const inline = [...index.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes, body]) => !/\bsrc=/.test(attributes!) && body!.trim() !== '',
    );
    expect(inline).toEqual([]);
  });

  it('uploaded files are attachments in a sandbox: covers under /files and workflow downloads', async () => {
    const cover = await ctx.app.inject({ method: 'GET', url: `/files/${coverKey}` });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
    expect(cover.headers['content-security-policy']).toBe(UPLOADED_FILE_CSP);
    expect(cover.headers['content-disposition']).toBe('attachment');
    expect(cover.headers['x-content-type-options']).toBe('nosniff');
    // Other sites (link previews, n8n's template list) may still show the image.
    expect(cover.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const download = await ctx.app.inject({ method: 'GET', url: `/api/workflows/${workflowId}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="/);
  });

  it('sends HSTS and upgrade-insecure-requests when the site is https', async () => {
    const https = await createTestApp({
      env: { PUBLIC_URL: 'https://flowbay.example' },
      app: { webDist: null },
    });
    try {
      const response = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(
        directives(response.headers['content-security-policy'] as string).has('upgrade-insecure-requests'),
      ).toBe(true);
    } finally {
      await https.close();
    }
  });
});

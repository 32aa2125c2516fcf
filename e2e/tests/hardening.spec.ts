import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test, type ApiUser } from './api-fixtures';
import { chainExport } from './signed-in-helpers';

/** A page on another origin of the same site (another port of the same host), as an attacker's. */
async function serveForeignPage(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function statusOf(member: ApiUser, id: string): Promise<string> {
  const mine = await member.request.get('/api/me/workflows');
  const { workflows } = (await mine.json()) as { workflows: { id: string; status: string }[] };
  return workflows.find((row) => row.id === id)!.status;
}

function recordCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

test.describe('hardening in a real browser', () => {
  test("a page on another origin cannot use an admin's cookies to approve a workflow", async ({
    baseURL,
    apiUser,
    pendingWorkflow,
  }, testInfo) => {
    // A workflow waiting for review, published over the API by a member.
    const member = await apiUser({ label: 'csrf-author' });
    const title = `Cross-site probe ${Date.now()}`;
    const { id: workflowId } = await pendingWorkflow({
      author: member,
      title,
      file: chainExport('Hardening probe', [
        { name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2 },
      ]),
    });
    // The admin is signed in in their browser (the cookies the forged form would ride on).
    const { page } = await apiUser({ email: `hardening-admin-${testInfo.project.name}@e2e.test` });

    const approveUrl = `${baseURL}/api/admin/workflows/${workflowId}/approve`;
    // The classic forged form: a POST with no preflight, sent with the admin's cookies (same site).
    const foreign = await serveForeignPage(`<!doctype html><title>Cheap templates</title>
      <form method="post" enctype="text/plain" action="${approveUrl}"><input name="go" value="1" /></form>
      <script>document.forms[0].submit();</script>`);
    try {
      const answer = page.waitForResponse((response) => response.url() === approveUrl);
      await page.goto(foreign.url);
      const response = await answer;
      expect(response.request().headers()['origin']).toBe(new URL(foreign.url).origin);
      expect(response.status()).toBe(403);
      expect((await response.json()).error.code).toBe('CROSS_SITE_REQUEST');
    } finally {
      await foreign.close();
    }
    expect(await statusOf(member, workflowId)).toBe('pending');

    // The same admin, on the site itself, can approve it.
    await page.goto('/admin');
    const fromSite = await page.evaluate(
      (url) => fetch(url, { method: 'POST', credentials: 'include' }).then((response) => response.status),
      approveUrl,
    );
    expect(fromSite).toBe(200);
    expect(await statusOf(member, workflowId)).toBe('listed');
  });

  test('no page of the site can be framed, /admin included', async ({ page, baseURL }) => {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|X-Frame-Options/i.test(message.text())) refusals.push(message.text());
    });
    const foreign = await serveForeignPage(`<!doctype html><title>Framing</title>
      <iframe name="admin" src="${baseURL}/admin" width="800" height="600"></iframe>
      <iframe name="home" src="${baseURL}/" width="800" height="600"></iframe>`);
    try {
      await page.goto(foreign.url);
      await expect.poll(() => refusals.length).toBeGreaterThanOrEqual(2);
      for (const name of ['admin', 'home']) {
        const frame = page.frame({ name });
        expect(frame, name).not.toBeNull();
        // A refused frame shows the browser's error page, never the app.
        expect(await frame!.locator('#root').count(), name).toBe(0);
      }
    } finally {
      await foreign.close();
    }
  });

  test('pages answer with the security headers', async ({ page }) => {
    for (const path of ['/', '/admin', '/api/health']) {
      const response = (await page.goto(path))!;
      const headers = response.headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], path).toContain("script-src 'self'");
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
  });

  test('public pages, the sign-in page and the API docs load with no CSP violation', async ({
    page,
    request,
  }) => {
    // It opens every public page, the sign-in page and the API docs: over 40 s on a slow machine.
    test.setTimeout(120_000);
    const violations = recordCspViolations(page);
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const list = (await (await request.get('/api/workflows')).json()) as {
      workflows: { id: string; user_id: string }[];
    };
    const first = list.workflows[0]!;
    const paths = [
      '/',
      '/workflows',
      `/workflows/${first.id}`,
      `/profiles/${first.user_id}`,
      '/guide',
      '/contact',
      '/faq',
      '/terms',
      '/privacy',
      '/auth',
      '/nope-not-a-page',
      '/api/docs',
    ];
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // The detail page put its JSON-LD in the head, and the app rendered (the policy let its scripts run).
    await page.goto(`/workflows/${first.id}`);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await expect(page.locator('#root header, #root nav').first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});

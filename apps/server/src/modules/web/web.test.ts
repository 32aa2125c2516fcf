import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bundleItems, bundles, workflows } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser } from '../../test/auth.ts';
import { createUser, createWorkflow, type WorkflowFactoryInput } from '../../test/factories.ts';
import { robotsTxt } from './web.routes.ts';

const dist = mkdtempSync(join(tmpdir(), 'flowbay-web-dist-'));
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
    <!--app-head-->
    <title>Default</title>
    <!--/app-head-->
    <script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const BUNDLE = `console.log(${JSON.stringify('flowbay '.repeat(400))});`;

let ctx: TestContext;
let apiOnly: TestContext;
const ids: Record<string, string> = {};
let authorId = '';
let loneAuthorId = '';

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), BUNDLE);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(BUNDLE));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What the web build lists (vite.config.ts): the app's start, each page's chunks, each language's texts.
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'preload.json'),
    JSON.stringify({
      start: ['/assets/react-dom-1.js', '/assets/shared-1.js'],
      pages: {
        faq: { files: ['/assets/faq-1.js', '/assets/shared-1.js'], texts: ['pages'] },
        workflow: { files: ['/assets/workflow-detail-1.js'], texts: [] },
        purchases: { files: ['/assets/purchases-1.js'], texts: [] },
        notFound: { files: ['/assets/not-found-1.js'], texts: [] },
      },
      texts: {
        'translation.en': ['/assets/en-1.js', '/assets/messages-1.js'],
        'translation.vi': ['/assets/vi-1.js', '/assets/messages-1.js'],
        'pages.en': ['/assets/pages.en-1.js'],
        'pages.vi': ['/assets/pages.vi-1.js'],
      },
    }),
  );
  ctx = await createTestApp({ env: { PUBLIC_URL: 'https://flowbay.example' }, app: { webDist: dist } });
  apiOnly = await createTestApp({ app: { webDist: null } });
  const author = await createUser(ctx.db, { name: 'Lê Minh' });
  const lone = await createUser(ctx.db, { name: 'Nobody Listed' });
  authorId = author.id;
  loneAuthorId = lone.id;
  const idOf = async (input: WorkflowFactoryInput) => (await createWorkflow(ctx.db, ctx.storage, input)).id;
  ids.free = await idOf({
    userId: author.id,
    title: 'Đồng bộ đơn hàng Shopify',
    price: 0,
    platform: 'n8n',
    useCases: ['ecommerce'],
    description: `Sync every new order. ${'Long words keep going on and on. '.repeat(10)}`,
  });
  ids.paid = await idOf({
    userId: author.id,
    title: 'Premium </script><script>alert(1)</script> CRM',
    price: 250_000,
    platform: 'make',
  });
  ids.pending = await idOf({ userId: lone.id, title: 'Waiting for review', status: 'pending' });
});
afterAll(async () => {
  await ctx.close();
  await apiOnly.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: path, headers });
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('web pages with a server-rendered head', () => {
  it('renders the home page head and never caches the HTML', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const head = headOf(response.body);
    expect(head).toContain('<title>Flowbay — n8n, Make and Zapier workflow templates</title>');
    expect(head).toContain('<link rel="canonical" href="https://flowbay.example/" />');
    expect(head).toContain('<meta property="og:url" content="https://flowbay.example/" />');
    expect(head).not.toContain('<title>Default</title>');
    expect(response.body).toContain('<script type="module" src="/assets/index-abc123.js">');
  });

  it('gives every static page its own title and canonical address', async () => {
    for (const [path, title] of [
      ['/workflows', 'Browse workflows | Flowbay'],
      ['/faq', 'Frequently asked questions | Flowbay'],
      ['/terms', 'Terms of service | Flowbay'],
      ['/privacy', 'Privacy policy | Flowbay'],
      ['/guide', 'How Flowbay works'],
      ['/contact', 'Contact us | Flowbay'],
    ] as const) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toContain(`<title>${title}</title>`);
      expect(response.body).toContain(`<link rel="canonical" href="https://flowbay.example${path}" />`);
    }
  });

  it('renders a workflow: title, 160-character description, Open Graph and JSON-LD', async () => {
    const slugId = `dong-bo-don-hang-shopify-${ids.free}`;
    const response = await get(`/workflows/${slugId}`);
    expect(response.statusCode).toBe(200);
    const head = headOf(response.body);
    expect(head).toContain('<title>Đồng bộ đơn hàng Shopify | Flowbay</title>');
    const description = /<meta name="description" content="([^"]*)"/.exec(head)![1]!;
    expect(description).toHaveLength(160);
    expect(description.endsWith('...')).toBe(true);
    expect(head).toContain(
      `<link rel="canonical" href="https://flowbay.example/workflows/${slugId}?lang=en" />`,
    );
    expect(head).toContain('<meta property="og:type" content="article" />');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'SoftwareSourceCode',
      name: 'Đồng bộ đơn hàng Shopify',
      url: `https://flowbay.example/workflows/${slugId}`,
      offers: { price: 0, priceCurrency: 'VND' },
      author: { name: 'Lê Minh', url: `https://flowbay.example/profiles/${authorId}` },
    });
  });

  it("preloads a paid workflow's cover (its largest paint) and nothing for a free one", async () => {
    const key = `covers/${(await get(`/api/workflows/${ids.paid}`)).json().user_id}/cover-test.webp`;
    await ctx.db.update(workflows).set({ coverKey: key }).where(eq(workflows.id, ids.paid!));
    const paid = await get(`/api/workflows/${ids.paid}`);
    const page = await get(`/workflows/${paid.json().slug}-${ids.paid}`);
    expect(page.body).toContain(
      `<link rel="preload" as="image" href="/files/${key}" fetchpriority="high" />`,
    );
    const free = await get(`/api/workflows/${ids.free}`);
    expect((await get(`/workflows/${free.json().slug}-${ids.free}`)).body).not.toContain(
      'rel="preload" as="image"',
    );
  });

  it('escapes titles so they cannot break out of the head or the JSON-LD script', async () => {
    const list = await get(`/api/workflows/${ids.paid}`);
    const response = await get(`/workflows/${list.json().slug}-${ids.paid}`);
    const head = headOf(response.body);
    expect(head).not.toContain('<script>alert(1)</script>');
    expect(head).toContain(
      '<title>Premium &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; CRM | Flowbay</title>',
    );
    // The JSON-LD and the app's module script: nothing else closes a script.
    expect(head.match(/<\/script>/g)).toHaveLength(2);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head)![1]!);
    expect(jsonLd.offers).toMatchObject({ price: 250_000, priceCurrency: 'VND' });
  });

  it('moves a bare id, number or slug permanently to the canonical address', async () => {
    const canonical = `/workflows/dong-bo-don-hang-shopify-${ids.free}`;
    const byId = await get(`/workflows/${ids.free}`);
    expect(byId.statusCode).toBe(301);
    expect(byId.headers.location).toBe(canonical);
    const bySlug = await get('/workflows/dong-bo-don-hang-shopify?from=share');
    expect(bySlug.statusCode).toBe(301);
    expect(bySlug.headers.location).toBe(`${canonical}?from=share`);
  });

  it('answers 404 with a noindex head for a missing or unlisted workflow', async () => {
    for (const path of ['/workflows/no-such-workflow', `/workflows/waiting-for-review-${ids.pending}`]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('<title>Workflow not found | Flowbay</title>');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('renders the head of a listed bundle (its description, or its count, seller and price), and 404 otherwise', async () => {
    const seller = await createUser(ctx.db, { name: 'Trần Bán' });
    const items = [
      await createWorkflow(ctx.db, ctx.storage, { userId: seller.id, price: 60_000 }),
      await createWorkflow(ctx.db, ctx.storage, { userId: seller.id, price: 50_000 }),
    ];
    const [bundle] = await ctx.db
      .insert(bundles)
      .values({ sellerId: seller.id, slug: 'bo-ban-hang', title: 'Bộ bán hàng', price: 90_000 })
      .returning();
    await ctx.db
      .insert(bundleItems)
      .values(items.map((item, position) => ({ bundleId: bundle!.id, workflowId: item.id, position })));
    const response = await get('/bundles/bo-ban-hang');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Bộ bán hàng | Flowbay</title>');
    expect(response.body).toContain('2 workflows by Trần Bán for 90,000 VNĐ.');
    await ctx.db.update(bundles).set({ status: 'unlisted' }).where(eq(bundles.id, bundle!.id));
    for (const path of ['/bundles/bo-ban-hang', '/bundles/no-such-bundle']) {
      const missing = await get(path);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.body).toContain('<title>Bundle not found | Flowbay</title>');
    }
  });

  it('renders a public profile head, and 404 for an unknown one', async () => {
    const response = await get(`/profiles/${authorId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Lê Minh | Flowbay</title>');
    expect(response.body).toContain('Workflow templates shared by Lê Minh on Flowbay.');
    expect((await get('/profiles/nobody-here')).statusCode).toBe(404);
  });

  it('serves the app shell for its own screens and its 404 page for unknown addresses', async () => {
    for (const path of [
      '/auth',
      '/workflows/new',
      '/profile',
      `/workflows/x-${ids.free}/edit`,
      '/me/workflows',
      '/me/favorites',
      '/admin',
      '/verify-email',
      '/reset-password',
      '/me/purchases',
      '/orders/FB-7K3M-Q9XD',
      '/test-gateway/pay',
      '/me/sales',
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toContain('<meta name="robots" content="noindex" />');
    }
    expect((await get('/me/nothing')).statusCode).toBe(404);
    const unknown = await get('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.body).toContain('<title>Oops! Page not found | Flowbay</title>');
  });

  it("opens the screens reached from e-mails in the visitor's language: ?lang=, then the cookie, then Accept-Language", async () => {
    const vietnameseBrowser = { 'accept-language': 'vi-VN,vi;q=0.9,en-US;q=0.6' };
    for (const path of [
      '/auth',
      '/verify-email',
      '/reset-password',
      '/test-gateway/pay',
      '/orders/FB-7K3M-Q9XD',
    ]) {
      // A fresh device: no cookie, only the browser's languages.
      expect((await get(path, vietnameseBrowser)).body, path).toContain(
        '<html lang="vi" data-lang-negotiated',
      );
      // An earlier choice on this device wins over the browser's languages.
      const chosen = await get(path, { ...vietnameseBrowser, cookie: 'lang=en' });
      expect(chosen.body, path).toContain('<html lang="en" data-lang-negotiated');
      // An e-mail's ?lang= wins over both.
      const linked = await get(`${path}?lang=vi`, { 'accept-language': 'en', cookie: 'lang=en' });
      expect(linked.body, path).toContain('<html lang="vi" data-lang-negotiated');
    }
  });

  it("names the chunks a page starts with, its own and its language's, in the body and not the head", async () => {
    const preloadOf = (html: string) =>
      JSON.parse(
        /<script type="application\/json" id="flowbay-preload">(.*?)<\/script>/s.exec(html)![1]!,
      ) as string[];
    const faq = (await get('/faq?lang=vi')).body;
    // Listed once each, the start first; the Vietnamese texts, with the static pages' long texts.
    expect(preloadOf(faq)).toEqual([
      '/assets/react-dom-1.js',
      '/assets/shared-1.js',
      '/assets/faq-1.js',
      '/assets/vi-1.js',
      '/assets/messages-1.js',
      '/assets/pages.vi-1.js',
    ]);
    // Links in the head would download before the stylesheet: the page names them in a data block.
    expect(headOf(faq)).not.toContain('modulepreload');
    expect(faq.indexOf('id="flowbay-preload"')).toBeGreaterThan(faq.indexOf('<body>'));
    const canonical = (await get(`/workflows/${ids.free}`)).headers.location as string;
    const detail = preloadOf((await get(canonical, { 'accept-language': 'en' })).body);
    expect(detail).toEqual(expect.arrayContaining(['/assets/workflow-detail-1.js', '/assets/en-1.js']));
    expect(detail).not.toContain('/assets/faq-1.js');
    expect(detail).not.toContain('/assets/pages.en-1.js');
    // The app's own screens (not rendered here) and the 404 page name theirs too.
    expect(preloadOf((await get('/me/purchases')).body)).toContain('/assets/purchases-1.js');
    expect(preloadOf((await get('/no-such-page')).body)).toContain('/assets/not-found-1.js');
  });

  it('keeps the JSON 404 for unknown API addresses', async () => {
    const response = await get('/api/no-such-endpoint');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
});

describe('static files', () => {
  it('serves hashed assets with an immutable cache, compressed', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('sends the brotli file written at build time when the client accepts it', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('compresses the HTML too', async () => {
    const response = await get('/', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('serves top-level public files with a short cache and 404 for missing assets', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('serves robots.txt with the private pages disallowed', async () => {
    const response = await get('/robots.txt');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Allow: /profiles/',
        'Disallow: /profile',
        'Disallow: /workflows/new',
        'Disallow: /workflows/*/edit',
        'Disallow: /auth',
        'Crawl-delay: 1',
        'Sitemap: https://flowbay.example/sitemap.xml',
        '',
      ].join('\n'),
    );
    expect(robotsTxt('http://x')).toContain('Sitemap: http://x/sitemap.xml');
  });

  it('lists static pages, listed workflows and their authors only', async () => {
    const response = await get('/sitemap.xml');
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ['/', '/workflows', '/guide', '/contact', '/faq', '/terms', '/privacy']) {
      expect(locations).toContain(`https://flowbay.example${path}`);
    }
    const free = `https://flowbay.example/workflows/dong-bo-don-hang-shopify-${ids.free}`;
    expect(locations).toContain(`${free}?lang=en`);
    expect(locations).toContain(`${free}?lang=vi`);
    expect(locations.some((loc) => loc?.endsWith(`${ids.paid!}?lang=vi`))).toBe(true);
    expect(locations.some((loc) => loc?.includes(ids.pending!))).toBe(false);
    expect(locations).toContain(`https://flowbay.example/profiles/${authorId}`);
    expect(locations).not.toContain(`https://flowbay.example/profiles/${loneAuthorId}`);
    expect(response.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });

  it("names each listing's English and Vietnamese addresses as alternates of one another", async () => {
    const body = (await get('/sitemap.xml')).body;
    expect(body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const free = `https://flowbay.example/workflows/dong-bo-don-hang-shopify-${ids.free}`;
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="en" href="${free}?lang=en"/>`,
      `<xhtml:link rel="alternate" hreflang="vi" href="${free}?lang=vi"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${free}"/>`,
    ].join('');
    for (const language of ['en', 'vi']) {
      const entry = new RegExp(
        `<url><loc>${free}\\?lang=${language}</loc><lastmod>[^<]+</lastmod>(.*?)</url>`,
      );
      expect(entry.exec(body)?.[1], language).toBe(alternates);
    }
  });

  it('works without a built web app, which then serves no pages', async () => {
    expect((await apiOnly.app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
    expect((await apiOnly.app.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(200);
    const home = await apiOnly.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(404);
    expect(home.json().error.code).toBe('NOT_FOUND');
  });
});

describe('ratings in the detail head', () => {
  it('adds AggregateRating and the visible Reviews once someone rated, and nothing before', async () => {
    const seller = await createUser(ctx.db, { name: 'Rated Seller' });
    const workflow = await createWorkflow(ctx.db, ctx.storage, {
      userId: seller.id,
      title: 'Rated workflow',
    });
    const page = async () => {
      const response = await get(`/workflows/rated-workflow-${workflow.id}`);
      return JSON.parse(
        /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(headOf(response.body))![1]!,
      );
    };
    expect((await page()).aggregateRating).toBeUndefined();
    for (const [name, rating, body] of [
      ['Hoa', 5, 'Chạy ngay lần đầu'],
      ['Sam', 4, ''],
    ] as const) {
      const session = await signedInUser(ctx, { name });
      await ctx.app.inject({
        method: 'GET',
        url: `/api/workflows/${workflow.id}/download`,
        headers: session.headers,
      });
      const created = await ctx.app.inject({
        method: 'POST',
        url: `/api/workflows/${workflow.id}/reviews`,
        headers: session.headers,
        payload: { rating, body },
      });
      expect(created.statusCode).toBe(201);
    }
    const jsonLd = await page();
    expect(jsonLd.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      ratingCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(jsonLd.review).toHaveLength(2);
    expect(jsonLd.review).toContainEqual(
      expect.objectContaining({
        '@type': 'Review',
        reviewRating: expect.objectContaining({ ratingValue: 5 }),
        author: { '@type': 'Person', name: 'Hoa' },
        reviewBody: 'Chạy ngay lần đầu',
      }),
    );
    expect(jsonLd.interactionStatistic).toContainEqual(
      expect.objectContaining({
        interactionType: 'https://schema.org/DownloadAction',
        userInteractionCount: 2,
      }),
    );
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { signedInUser, signInAs } from '../../test/auth.ts';
import { addPurchase, createUser, createWorkflow } from '../../test/factories.ts';
import { eq } from 'drizzle-orm';
import { workflows as workflowsTable } from '../../db/schema.ts';
import { SSR_ENTRY } from './web.render.ts';

// The real render bundle, built as `npm run build` builds it, inside apps/web so its packages resolve.
const webRoot = fileURLToPath(new URL('../../../../web', import.meta.url));
const dist = mkdtempSync(join(webRoot, '.ssr-test-'));
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
    <!--app-head--><title>Default</title><!--/app-head-->
    <script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"><div class="shell">Flowbay</div></div></body></html>`;
const FILE_MARKER = 'paid-file-only-marker-7f3a';

let ctx: TestContext;
const slugs: Record<string, string> = {};
let authorId = '';
let pendingPath = '';
let authorCookie = '';
const REVIEW_TEXT = 'Đồng bộ CRM rất ổn định, đáng tiền';

beforeAll(async () => {
  // A production build, as `npm run build` makes it (vitest runs with NODE_ENV=test).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(webRoot, 'vite.config.ts'),
      root: webRoot,
      mode: 'production',
      logLevel: 'error',
      build: { ssr: 'src/entry-server.tsx', outDir: join(dist, 'server'), emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  expect(SSR_ENTRY).toBe(join('server', 'entry-server.js'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  // The client build's chunk lists (vite.config.ts), reduced to the signed-in visitor's parts.
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(
    join(dist, '.vite', 'preload.json'),
    JSON.stringify({
      start: [],
      pages: {},
      texts: {},
      signedIn: { all: ['/assets/avatar-menu-1.js'], workflow: ['/assets/reviews-section-1.js'] },
    }),
  );
  ctx = await createTestApp({ env: { PUBLIC_URL: 'https://flowbay.example' }, app: { webDist: dist } });
  const author = await createUser(ctx.db, { name: 'Trần Thu' });
  authorId = author.id;
  const free = await createWorkflow(ctx.db, ctx.storage, {
    userId: author.id,
    title: 'Quản lý đơn hàng Shopify',
    description: 'Ghi mỗi đơn hàng mới vào Google Sheets.',
    price: 0,
    apps: [
      { key: 'shopify', name: 'Shopify' },
      { key: 'googleSheets', name: 'Google Sheets' },
    ],
  });
  const paid = await createWorkflow(ctx.db, ctx.storage, {
    userId: author.id,
    title: 'Premium CRM sync',
    price: 250_000,
    file: JSON.stringify({
      name: 'Premium',
      nodes: [
        {
          id: 'a',
          name: FILE_MARKER,
          type: 'n8n-nodes-base.webhook',
          typeVersion: 1,
          position: [0, 0],
          parameters: { path: FILE_MARKER },
        },
      ],
      connections: {},
    }),
  });
  const read = async (id: string) => (await ctx.app.inject({ url: `/api/workflows/${id}` })).json();
  slugs.free = `/workflows/${(await read(free.id)).slug}-${free.id}`;
  slugs.paid = `/workflows/${(await read(paid.id)).slug}-${paid.id}`;
  slugs.paidId = paid.id;
  const pending = await createWorkflow(ctx.db, ctx.storage, {
    userId: author.id,
    title: 'Bản nháp chờ duyệt',
    status: 'pending',
  });
  pendingPath = `/workflows/${pending.slug}-${pending.id}`;
  authorCookie = (await signInAs(ctx, author)).cookie;
  // A buyer's review, in the paid workflow's server-rendered page.
  const reviewer = await signedInUser(ctx, { name: 'Lê Hoa' });
  await addPurchase(ctx.db, reviewer.user.id, paid.id, 250_000);
  const posted = await ctx.app.inject({
    method: 'POST',
    url: `/api/workflows/${paid.id}/reviews`,
    headers: reviewer.headers,
    payload: { rating: 4, body: REVIEW_TEXT },
  });
  expect(posted.statusCode, posted.body).toBe(201);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

const crawl = (path: string, headers: Record<string, string> = { 'accept-language': 'vi' }) =>
  ctx.app.inject({ method: 'GET', url: path, headers });
const bodyOf = (html: string) => html.slice(html.indexOf('<div id="root">'));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('public pages rendered on the server', () => {
  it('renders every public page in Vietnamese for a crawler that accepts it', async () => {
    const pages: [string, string, string][] = [
      ['/', 'Flowbay — mẫu quy trình cho n8n, Make và Zapier', 'Quy trình tự động hóa, sẵn sàng chạy'],
      ['/workflows', 'Khám phá quy trình | Flowbay', 'Quản lý đơn hàng Shopify'],
      ['/guide', 'Cách Flowbay hoạt động', 'Cách Flowbay hoạt động'],
      ['/faq', 'Câu hỏi thường gặp | Flowbay', 'Câu hỏi thường gặp'],
      ['/contact', 'Liên hệ với chúng tôi | Flowbay', 'Liên hệ với chúng tôi'],
      ['/terms', 'Điều khoản dịch vụ | Flowbay', 'Điều khoản dịch vụ'],
      ['/privacy', 'Chính sách bảo mật | Flowbay', 'Chính sách bảo mật'],
      [slugs.free!, 'Quản lý đơn hàng Shopify | Flowbay', 'Ghi mỗi đơn hàng mới vào Google Sheets.'],
      [`/profiles/${authorId}`, 'Trần Thu | Flowbay', 'Quản lý đơn hàng Shopify'],
    ];
    for (const [path, title, content] of pages) {
      const response = await crawl(path);
      expect(response.statusCode, path).toBe(200);
      const html = response.body;
      expect(html, path).toContain('<html lang="vi" data-ssr');
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html, path).toMatch(/<meta name="description" content="[^"]+" \/>/);
      expect(html, path).toContain(`<link rel="canonical" href="https://flowbay.example${path}?lang=vi" />`);
      // A listing pins English with ?lang=en too (its texts follow the language); other pages' plain address is English.
      const english = path.startsWith('/workflows/') ? `${path}?lang=en` : path;
      expect(html, path).toContain(
        `<link rel="alternate" hreflang="en" href="https://flowbay.example${english}" />`,
      );
      expect(html, path).toContain(
        `<link rel="alternate" hreflang="vi" href="https://flowbay.example${path}?lang=vi" />`,
      );
      expect(html, path).toContain(
        `<link rel="alternate" hreflang="x-default" href="https://flowbay.example${path}" />`,
      );
      // The body is the page itself, in Vietnamese, not the empty shell.
      expect(text(bodyOf(html)), path).toContain(content);
      expect(bodyOf(html), path).not.toContain('class="shell"');
    }
  });

  it("shows a workflow's title, price and apps, and the state the client hydrates from", async () => {
    const free = bodyOf((await crawl(slugs.free!)).body);
    expect(text(free)).toContain('Miễn phí');
    expect(text(free)).toContain('Shopify');
    expect(text(free)).toContain('Google Sheets');
    const paid = await crawl(slugs.paid!);
    expect(text(bodyOf(paid.body))).toContain('250.000');
    const state = JSON.parse(
      /<script type="application\/json" id="flowbay-state">(.*?)<\/script>/s.exec(paid.body)![1]!,
    );
    const keys = state.queries.queries.map(
      (query: { queryKey: unknown[] }) => query.queryKey[1] ?? query.queryKey[0],
    );
    expect(keys).toEqual(expect.arrayContaining(['detail', 'versions']));
  });

  it("never puts a paid workflow's file in the page", async () => {
    const response = await crawl(slugs.paid!);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Premium CRM sync');
    expect(response.body).not.toContain(FILE_MARKER);
  });

  it('follows ?lang= over Accept-Language, and the lang cookie over Accept-Language', async () => {
    const english = await crawl('/workflows?lang=en');
    expect(english.body).toContain('<html lang="en" data-ssr');
    expect(english.body).toContain('<title>Browse workflows | Flowbay</title>');
    expect(english.body).toContain('<link rel="canonical" href="https://flowbay.example/workflows" />');
    expect(text(bodyOf(english.body))).toContain('Workflows');
    const chosen = await crawl('/faq', { 'accept-language': 'en-US,en;q=0.9', cookie: 'lang=vi' });
    expect(chosen.body).toContain('<title>Câu hỏi thường gặp | Flowbay</title>');
    const firstVisit = await crawl('/faq', { 'accept-language': 'fr-FR, vi;q=0.8, en;q=0.5' });
    expect(firstVisit.body).toContain('<html lang="vi"');
  });

  it('renders the catalogue from the address: search and page', async () => {
    const found = text(bodyOf((await crawl('/workflows?search=quan%20ly')).body));
    expect(found).toContain('Quản lý đơn hàng Shopify');
    expect(found).not.toContain('Premium CRM sync');
  });

  it("renders the catalogue for the visitor's remembered n8n release (the n8n cookie), and ignores a bad one", async () => {
    const remembered = await crawl('/workflows?lang=en', { cookie: 'n8n=1.98' });
    expect(text(bodyOf(remembered.body))).toContain('Your n8n: 1.98');
    expect(bodyOf(remembered.body)).toContain('name="n8n" value="1.98"');
    const forged = await crawl('/workflows?lang=en', { cookie: 'n8n=<b>1</b>' });
    expect(text(bodyOf(forged.body))).not.toContain('Your n8n');
  });

  it('lets no shared cache keep a page asked for with a session cookie', async () => {
    const session = await signedInUser(ctx, { name: 'Someone' });
    const signedIn = await crawl(slugs.free!, { cookie: session.cookie });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.headers.vary).toContain('Cookie');
    expect((await crawl(slugs.free!)).headers['cache-control']).toBe('no-cache');
  });

  it("renders a workflow's reviews into the page", async () => {
    const page = text(bodyOf((await crawl(slugs.paid!)).body));
    expect(page).toContain('Xếp hạng và đánh giá');
    expect(page).toContain(REVIEW_TEXT);
    expect(page).toContain('Lê Hoa');
  });

  it('renders what the API shows the visitor: the buyer owns it, the author manages it, a stranger may buy', async () => {
    const buyer = await signedInUser(ctx, { name: 'Người mua' });
    await addPurchase(ctx.db, buyer.user.id, slugs.paidId!, 250_000);
    const bought = text(bodyOf((await crawl(slugs.paid!, { cookie: buyer.cookie })).body));
    expect(bought).toContain('You own this workflow');
    expect(bought).not.toContain('Buy this workflow');
    // The file itself never: the page links to the download, which checks the session again.
    expect((await crawl(slugs.paid!, { cookie: buyer.cookie })).body).not.toContain(FILE_MARKER);

    const stranger = await signedInUser(ctx, { name: 'Người lạ' });
    for (const cookie of [stranger.cookie, undefined]) {
      const page = text(bodyOf((await crawl(slugs.paid!, cookie ? { cookie } : {})).body));
      expect(page).toContain('Buy this workflow');
      expect(page).not.toContain('You own this workflow');
    }
  });

  it("holds in the detail page's state exactly what the API answers that visitor", async () => {
    const dataIn = (html: string) =>
      (
        JSON.parse(/<script type="application\/json" id="flowbay-state">(.*?)<\/script>/s.exec(html)![1]!)
          .queries.queries as { state: { data: unknown } }[]
      ).map((query) => query.state.data);
    const buyer = await signedInUser(ctx, { name: 'Khách đã mua' });
    await addPurchase(ctx.db, buyer.user.id, slugs.paidId!, 250_000);
    const id = slugs.paidId!;
    const stranger = await signedInUser(ctx, { name: 'Người xem' });
    const visitors = {
      anonymous: undefined,
      stranger: stranger.cookie,
      buyer: buyer.cookie,
      author: authorCookie,
    };
    for (const [who, cookie] of Object.entries(visitors)) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const state = dataIn((await crawl(slugs.paid!, headers)).body);
      const api = async (url: string) => (await ctx.app.inject({ url, headers })).json();
      const versions = await api(`/api/workflows/${id}/versions`);
      const reviews = await api(`/api/workflows/${id}/reviews?page=0`);
      for (const answer of [
        await api(`/api/workflows/${id}`),
        versions,
        reviews,
        await api(`/api/author-stats/${authorId}`),
        await api('/api/translate'),
        await api('/api/payments/providers'),
      ])
        expect(state, who).toContainEqual(answer);
      // Each visitor's own answers: a buyer's versions link their files, a stranger's do not.
      expect(versions[0].file_url === null, who).toBe(who === 'anonymous' || who === 'stranger');
      expect(reviews.viewer.eligibility, who).toBe(
        { anonymous: 'sign_in', stranger: 'not_used', buyer: 'eligible', author: 'author' }[who],
      );
    }
  });

  it("renders the visitor's account corner, with their session in the state and no secret", async () => {
    const sessionOf = (html: string) => {
      const state = JSON.parse(
        /<script type="application\/json" id="flowbay-state">(.*?)<\/script>/s.exec(html)![1]!,
      );
      const query = state.queries.queries.find(
        (entry: { queryKey: unknown[] }) => entry.queryKey.join('/') === 'auth/session',
      );
      return query?.state.data;
    };
    // Signed out: the log-in and register links are in the page, and the client need not ask.
    const anonymous = (await crawl('/faq', { 'accept-language': 'en' })).body;
    expect(text(bodyOf(anonymous))).toContain('Log in');
    expect(text(bodyOf(anonymous))).toContain('Register');
    expect(sessionOf(anonymous)).toBeNull();
    // Without a cookie the render takes the session as known (null): what the API itself answers.
    expect((await ctx.app.inject({ url: '/api/auth/get-session' })).json()).toBeNull();
    // Signed in: the account menu's button is in the page (no log-in link), no boundary left for
    // the browser to render, and the session in the state: the client does not ask for it again.
    const member = await signedInUser(ctx, { name: 'Đỗ Minh' });
    const response = await crawl('/faq', { 'accept-language': 'en', cookie: member.cookie });
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(text(bodyOf(response.body))).not.toContain('Log in');
    expect(bodyOf(response.body)).toContain('aria-label="Account menu for Đỗ Minh"');
    expect(bodyOf(response.body)).not.toContain('<!--$!-->');
    expect(sessionOf(response.body)).toMatchObject({ user: { name: 'Đỗ Minh' } });
    // The account menu's chunk downloads with the page's (the browser waits for it to hydrate);
    // an anonymous visitor's page does not name it (nor any other chunk: this build lists none).
    const preloadOf = (html: string) => {
      const block = /<script type="application\/json" id="flowbay-preload">(.*?)<\/script>/s.exec(html);
      return block ? (JSON.parse(block[1]!) as string[]) : [];
    };
    expect(preloadOf(response.body)).toEqual(['/assets/avatar-menu-1.js']);
    // The detail page adds its reviews (answer and report buttons) for a signed-in visitor.
    const detail = await crawl(slugs.free!, { 'accept-language': 'en', cookie: member.cookie });
    expect(preloadOf(detail.body)).toEqual(['/assets/avatar-menu-1.js', '/assets/reviews-section-1.js']);
    expect(preloadOf(anonymous)).toEqual([]);
    // The session's token (the cookie's value) is never written into the page.
    expect(member.bearer.length).toBeGreaterThan(10);
    expect(response.body).not.toContain(member.bearer);
    // A cookie that names no session is a signed-out visitor.
    const stale = (await crawl('/faq', { 'accept-language': 'en', cookie: 'better-auth.session_token=gone' }))
      .body;
    expect(text(bodyOf(stale))).toContain('Log in');
    expect(sessionOf(stale)).toBeNull();
  });

  it('shows an author their pending workflow, kept out of search, and nobody else', async () => {
    const own = await crawl(pendingPath, { cookie: authorCookie });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('<title>Bản nháp chờ duyệt | Flowbay</title>');
    expect(own.body).toContain('<meta name="robots" content="noindex" />');
    expect(own.headers['cache-control']).toBe('private, no-cache');
    const stranger = await signedInUser(ctx, { name: 'Ai đó' });
    expect((await crawl(pendingPath, { cookie: stranger.cookie })).statusCode).toBe(404);
    const anonymous = await crawl(pendingPath);
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.body).not.toContain('Bản nháp chờ duyệt');
  });

  it("pages through an author's workflows with links, the second page rendered from the address", async () => {
    const prolific = await createUser(ctx.db, { name: 'Phạm Nhiều' });
    // 13 workflows, newest first: the oldest one is alone on page 2.
    for (let index = 0; index < 13; index++)
      await createWorkflow(ctx.db, ctx.storage, {
        userId: prolific.id,
        title: `Quy trình số ${index}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
      });
    const first = await crawl(`/profiles/${prolific.id}`);
    expect(first.body).toContain(`href="/profiles/${prolific.id}?page=2"`);
    expect(text(bodyOf(first.body))).toContain('Quy trình số 12');
    expect(text(bodyOf(first.body))).not.toContain('Quy trình số 0');
    const second = text(bodyOf((await crawl(`/profiles/${prolific.id}?page=2`)).body));
    expect(second).toContain('Quy trình số 0');
    expect(second).not.toContain('Quy trình số 12');
  });

  it('answers 404 with the page rendered and a noindex head', async () => {
    const response = await crawl('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Rất tiếc! Không tìm thấy trang | Flowbay</title>');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect(text(bodyOf(response.body))).toContain('Rất tiếc! Không tìm thấy trang');
  });

  it("renders a bilingual listing in the visitor's language: the page, its head and the state it hydrates from", async () => {
    const author = await createUser(ctx.db, { name: 'Ngô Lan' });
    const listing = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.id,
      title: 'Nhắc lịch hẹn qua Zalo',
    });
    await ctx.db
      .update(workflowsTable)
      .set({
        language: 'vi',
        translation: {
          title: 'Appointment reminders over Zalo',
          description: 'Reminds each client.',
          faq: [],
        },
      })
      .where(eq(workflowsTable.id, listing.id));
    const path = `/workflows/${listing.slug}-${listing.id}`;
    const english = await crawl(`${path}?lang=en`);
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<title>Appointment reminders over Zalo');
    expect(english.body).toMatch(/<meta property="og:title" content="Appointment reminders over Zalo/);
    // Each language has its pinned address; the plain one follows the visitor.
    const address = `https://flowbay.example${path}`;
    expect(english.body).toContain(`<link rel="canonical" href="${address}?lang=en" />`);
    expect(english.body).toContain(`<link rel="alternate" hreflang="en" href="${address}?lang=en" />`);
    expect(english.body).toContain(`<link rel="alternate" hreflang="vi" href="${address}?lang=vi" />`);
    expect(english.body).toContain(`<link rel="alternate" hreflang="x-default" href="${address}" />`);
    expect(english.body).toMatch(/<meta property="og:image" content="[^"]*\.png\?v=[^"&]*" \/>/);
    expect(text(bodyOf(english.body))).toContain('Appointment reminders over Zalo');
    // Only the hydration state (the detail's `texts`) holds the other language.
    const shown = (html: string) => text(bodyOf(html).replace(/<script[\s\S]*?<\/script>/g, ''));
    expect(shown(english.body)).not.toContain('Nhắc lịch hẹn qua Zalo');
    const vietnamese = await crawl(path, { 'accept-language': 'vi' });
    expect(vietnamese.body).toContain('<title>Nhắc lịch hẹn qua Zalo');
    const jsonLd = (html: string) =>
      JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as object;
    expect(jsonLd(english.body)).toMatchObject({ name: 'Appointment reminders over Zalo', inLanguage: 'en' });
    expect(jsonLd(vietnamese.body)).toMatchObject({ name: 'Nhắc lịch hẹn qua Zalo', inLanguage: 'vi' });
    // The catalogue's cards too: the render asks the API in the page's language (an address of its
    // own: anonymous pages are cached for a few seconds by address and language).
    const catalogue = (language: string) => crawl(`/workflows?sort=created_at_desc&lang=${language}`);
    expect(shown((await catalogue('en')).body)).toContain('Appointment reminders over Zalo');
    const inVietnamese = shown((await catalogue('vi')).body);
    expect(inVietnamese).toContain('Nhắc lịch hẹn qua Zalo');
    expect(inVietnamese).not.toContain('Appointment reminders over Zalo');
    expect(vietnamese.body).toMatch(/<meta property="og:image" content="[^"]*lang=vi" \/>/);
    expect(text(bodyOf(vietnamese.body))).toContain('Nhắc lịch hẹn qua Zalo');
  });

  it('lists both languages of each page in the sitemap', async () => {
    const xml = (await crawl('/sitemap.xml')).body;
    expect(xml).toContain('<loc>https://flowbay.example/guide</loc>');
    expect(xml).toContain('<loc>https://flowbay.example/guide?lang=vi</loc>');
    expect(xml).toContain(`<loc>https://flowbay.example${slugs.free}?lang=vi</loc>`);
  });
});

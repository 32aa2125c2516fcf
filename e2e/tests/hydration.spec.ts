import { expect, test } from './fixtures';
import { confirmedAccount, openAccountMenu, slowChunks, uniqueEmail } from './signed-in-helpers';

/** Messages React and the app print when the server's HTML and the first client render differ. */
const HYDRATION = /hydrat|did not match|server rendered|Minified React error #(418|423|425)/i;

test('public pages hydrate without warnings or errors', async ({ page, request }) => {
  const listed = (await (await request.get('/api/workflows?limit=2')).json()) as {
    workflows: { slug: string; id: string; user_id: string }[];
  };
  const [first] = listed.workflows;
  const pages = [
    '/',
    '/workflows',
    '/workflows?search=quan+ly&page=1',
    `/workflows/${first!.slug}-${first!.id}`,
    `/profiles/${first!.user_id}`,
    '/guide',
    '/faq',
    '/contact',
    '/terms',
    '/privacy',
    '/no-such-page',
  ];
  const problems: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION.test(message.text()))
      problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  for (const path of pages) {
    const data: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      if (new URL(request.url()).pathname.startsWith('/api/workflows')) data.push(request.url());
    };
    page.on('request', onRequest);
    await page.goto(path);
    // Hydrated: the app has taken over the server's markup (the root's data block is consumed).
    await expect(page.locator('html[data-ssr]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    // The server's data is used as it is: the workflows it rendered are not fetched again.
    if (path === '/workflows' || path === '/') expect(data, path).toEqual([]);
  }
  expect(problems).toEqual([]);
});

test('a page downloads the chunks it starts with from its script, not from its head', async ({ page }) => {
  // As the page will ask for it (with the visitor's language cookie).
  const html = await (await page.request.get('/faq')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const listed = JSON.parse(
    /<script type="application\/json" id="flowbay-preload">(.*?)<\/script>/s.exec(html)![1]!,
  ) as string[];
  // The build names the page's own chunk and its texts, and none of them is linked from the head
  // (there they would download before the stylesheet and delay the first paint).
  expect(listed.some((href) => /\/assets\/faq-[\w-]+\.js$/.test(href))).toBe(true);
  const language = /<html lang="(\w+)"/.exec(html)![1]!;
  expect(listed.some((href) => href.startsWith(`/assets/pages.${language}-`))).toBe(true);
  for (const href of listed) expect(head).not.toContain(href);
  // Every one exists and is downloaded once the page runs, and the page comes to life.
  const fetched = new Map<string, number>();
  page.on('response', (response) => fetched.set(new URL(response.url()).pathname, response.status()));
  await page.goto('/faq');
  await expect(page.locator('html[data-ssr]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  for (const href of listed) expect(fetched.get(href), href).toBe(200);
  // The questions open: the page's own code runs.
  const closed = page.getByRole('main').getByRole('button', { expanded: false }).first();
  const question = page.locator(`[id="${await closed.getAttribute('id')}"]`);
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
});

test("a signed-in visitor's page has their account menu from the server, and it comes to life", async ({
  page,
  t,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('hydrated', testInfo.project.name);
  await confirmedAccount(page.request, email, new URL(baseURL!).origin);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION.test(message.text()))
      errors.push(message.text());
  });
  const html = await (await page.request.get('/faq')).text();
  expect(html).not.toContain(`>${t('nav.login')}<`);
  // The account menu's button is in the server's page, so the header does not change as it hydrates.
  expect(html).toContain(`aria-label="${t('menu.account', { name: email.split('@')[0]! })}"`);
  // The session is in the page: the browser does not ask for it again while hydrating.
  const sessionAsked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/get-session') sessionAsked.push(request.url());
  });
  // A slow account-menu chunk: the page says it is interactive (what the fixture's goto waits for)
  // only once the menu is, so the first press opens it.
  await slowChunks(page, '**/assets/avatar-menu-*.js');
  await page.goto('/faq');
  await expect(page.locator('html[data-ssr]')).toHaveCount(1);
  await expect(page.getByRole('link', { name: t('nav.login') })).toHaveCount(0);
  await expect(await openAccountMenu(page, t)).toBeVisible();
  // No boundary left unfinished by the server, reported by the browser while hydrating.
  expect(errors).toEqual([]);
  expect(sessionAsked).toEqual([]);
});

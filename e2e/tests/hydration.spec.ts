import { expect, test } from './fixtures';

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

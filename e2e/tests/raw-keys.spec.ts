import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Every translation key the app knows ("legal.updated", "card.views"), plural forms by their base
 * name too, and the `pages` namespace's. A key on screen is a text that failed to translate.
 */
function knownKeys(): Set<string> {
  const keys = new Set<string>();
  const walk = (node: unknown, path: string) => {
    if (node && typeof node === 'object' && !Array.isArray(node)) {
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
    } else if (path) {
      keys.add(path);
      keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ''));
    }
  };
  for (const file of [
    'en.json',
    'vi.json',
    'pages.en.json',
    'pages.vi.json',
    'signed-in.en.json',
    'signed-in.vi.json',
  ]) {
    walk(JSON.parse(readFileSync(new URL(`../../apps/web/src/i18n/${file}`, import.meta.url), 'utf8')), '');
  }
  return keys;
}

const KEYS = knownKeys();

async function rawKeysOn(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const attributes = await page
    .locator('[aria-label], [placeholder], [title], img[alt]')
    .evaluateAll((elements) =>
      elements.flatMap((element) =>
        ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
      ),
    );
  const words = [text, ...attributes, await page.title()].join('\n').match(/[A-Za-z_]+(?:\.[A-Za-z0-9_]+)+/g);
  return [...new Set(words ?? [])].filter((word) => KEYS.has(word));
}

/** The page once its data has arrived: a main heading and no loading placeholders. */
async function settled(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // Sections drawn when scrolled to (reviews, description) load too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
}

test('no public page shows a raw translation key', async ({ page, request }) => {
  test.setTimeout(180_000);
  // Demo workflows (oldest first): other journeys delete the workflows they list.
  const free = (await (await request.get('/api/workflows?price=free&sort=created_at_asc')).json())
    .workflows[0];
  const paid = (await (await request.get('/api/workflows?price=paid&sort=created_at_asc')).json())
    .workflows[0];
  const paths = [
    '/',
    '/workflows',
    '/workflows?search=quan%20ly&price=free',
    `/workflows/${free.slug}-${free.id}`,
    `/workflows/${paid.slug}-${paid.id}`,
    `/profiles/${free.user_id}`,
    '/guide',
    '/faq',
    '/contact',
    '/terms',
    '/privacy',
    '/this/page/does-not-exist',
  ];
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await settled(page, path);
    const keys = await rawKeysOn(page);
    if (keys.length > 0) found[path] = keys;
  }
  expect(found).toEqual({});
});

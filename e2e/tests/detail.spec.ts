import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, type UiLanguage } from './fixtures';
import { scrollUntilShown } from './lazy-sections';

interface ListedCard {
  id: string;
  slug: string;
  title: string;
  node_summary: { apps: Array<{ key: string; name: string; core?: boolean }> } | null;
}

/**
 * A listed demo workflow of that price band that connects at least one third-party app. Oldest
 * first: the demo catalogue is seeded before any journey runs, and other journeys list workflows of
 * their own and delete them while this one runs.
 */
async function workflowWithApps(
  page: Page,
  price: 'free' | 'paid',
  language: UiLanguage,
): Promise<ListedCard> {
  // Titles as the page shows them: in the visitor's language.
  const list = await (
    await page.request.get(`/api/workflows?price=${price}&sort=created_at_asc&limit=48`, {
      headers: { 'x-language': language },
    })
  ).json();
  const found = (list.workflows as ListedCard[]).find((card) =>
    card.node_summary?.apps.some((app) => !app.core),
  );
  expect(found, `a ${price} workflow with apps`).toBeDefined();
  return found!;
}

const below = async (page: Page, upper: string, lower: string) => {
  const top = await page.getByTestId(upper).boundingBox();
  const bottom = await page.getByTestId(lower).boundingBox();
  expect(top!.y + top!.height).toBeLessThanOrEqual(bottom!.y);
};

test.describe('detail page laid out for a decision', () => {
  // The share button copies the share text.
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('free workflow: apps and description before the preview, related lists, plain share text', async ({
    page,
    t,
    uiLanguage,
  }) => {
    const workflow = await workflowWithApps(page, 'free', uiLanguage);
    await page.goto(`/workflows/${workflow.slug}-${workflow.id}`);
    await expect(page.getByRole('heading', { level: 1, name: workflow.title })).toBeVisible();

    const apps = page.getByTestId('apps-and-requirements').getByRole('list', { name: t('facts.apps') });
    const firstApp = workflow.node_summary!.apps.find((app) => !app.core)!;
    // Each app by its name, with its icon beside it (decorative: the name says it).
    const firstAppItem = apps.getByRole('listitem').filter({ hasText: firstApp.name });
    await expect(firstAppItem.locator('img').first()).toBeVisible();
    await below(page, 'detail-actions', 'apps-and-requirements');
    await below(page, 'apps-and-requirements', 'description');
    await below(page, 'description', 'preview-section');

    const related = page.getByRole('region', { name: t('detail.related') });
    await related.scrollIntoViewIfNeeded();
    await expect(related.getByRole('article').first()).toBeVisible();
    await expect(related.getByRole('link', { name: workflow.title, exact: true })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: t('detail.share'), exact: true }).click();
    await page.getByRole('menuitem', { name: t('detail.shareOnZalo') }).click();
    await expect(page.getByText(t('detail.shareTextCopied'))).toBeVisible();
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    expect(shared.startsWith(`${workflow.title}\n\n`)).toBe(true);
    expect(shared.endsWith(page.url())).toBe(true);
    expect(shared).not.toMatch(/\*\*|__|^#|\]\(|`/m);
  });

  test('paid workflow: price, apps and requirements before the locked cover, and a share image', async ({
    page,
    t,
    uiLanguage,
  }) => {
    const workflow = await workflowWithApps(page, 'paid', uiLanguage);
    const response = await page.goto(`/workflows/${workflow.slug}-${workflow.id}`);
    await expect(page.getByRole('heading', { level: 1, name: workflow.title })).toBeVisible();
    await expect(page.getByTestId('buy-block')).toBeVisible();
    const facts = page.getByTestId('apps-and-requirements');
    await expect(
      facts
        .getByRole('list', { name: t('facts.apps') })
        .locator('img')
        .first(),
    ).toBeVisible();
    await expect(facts).toContainText(t('facts.credentials'));
    await below(page, 'apps-and-requirements', 'description');
    await below(page, 'description', 'preview-section');
    // Before purchase, the graph is drawn from the structure only: node types, no settings.
    await scrollUntilShown(page.getByTestId('preview-section'), page.getByTestId('structure-preview'));
    await expect(page.getByRole('button', { name: t('detail.copyJson') })).toHaveCount(0);

    const html = await response!.text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toContain(`/og/workflows/${workflow.id}.png`);
    const png = await page.request.get(image!);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');

    const related = page.getByRole('region', { name: t('detail.related') });
    await related.scrollIntoViewIfNeeded();
    await expect(related.getByRole('article').first()).toBeVisible();
    await expectAccessible(page);
  });
});

import { downloadFileName } from '@flowbay/domain/slug';
import { parseWorkflowExport } from '@flowbay/workflow-formats';
import type { Locator, Page } from '@playwright/test';
import { demoTitle } from './demo-titles';
import { expect, expectAccessible, test } from './fixtures';
import { scrollUntilShown } from './lazy-sections';

test.describe('public journeys', () => {
  test('home → search with and without accents → filters → pages', async ({
    page,
    words,
    isMobile,
    uiLanguage,
  }) => {
    // Written in Vietnamese; shown in the visitor's language (its translation for an English reader).
    const found = demoTitle('Quản lý tác vụ API dài: gọi, chờ và kiểm tra kết quả', uiLanguage);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: words.heroTitle })).toBeVisible();
    await expect(page.locator('[data-testid="workflow-card-skeleton"]')).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(8);
    await expectAccessible(page);

    // Without accents: "quan ly" still finds "Quản lý …".
    await page.getByRole('searchbox', { name: words.search }).fill('  quan ly ');
    await page.getByRole('button', { name: words.searchButton, exact: true }).click();
    await expect(page).toHaveURL(/\/workflows\?search=quan(\+|%20)ly$/);
    await expect(page.getByRole('heading', { name: found })).toBeVisible();
    await expectAccessible(page);

    // With accents, typed into the catalogue's own box (debounced, then kept in the address).
    const search = page.getByRole('searchbox', { name: words.catalogSearch, exact: true });
    await search.fill('quản lý');
    await expect(page).toHaveURL(/search=qu%E1%BA%A3n(\+|%20)l%C3%BD/);
    await expect(page.getByRole('heading', { name: found })).toBeVisible();

    // Filters: free only, then clear.
    await search.fill('');
    await expect(page).toHaveURL(/\/workflows$/);
    // On a phone the filters are in a sheet opened by "Filters (n)", closed with Escape.
    const inFilters = async (act: (scope: Page | Locator) => Promise<unknown>) => {
      if (isMobile) await page.getByRole('button', { name: /^(Filters|Bộ lọc)( \(\d+\))?$/ }).click();
      await act(isMobile ? page.getByRole('dialog') : page);
      if (isMobile) await page.keyboard.press('Escape');
    };
    await inFilters((scope) => scope.getByLabel(words.price, { exact: true }).selectOption('free'));
    await expect(page).toHaveURL(/price=free/);
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasNotText: words.free })).toHaveCount(0);
    await inFilters((scope) => scope.getByLabel(words.platform, { exact: true }).selectOption('make'));
    await expect(page).toHaveURL(/category=make/);
    await inFilters((scope) => scope.getByRole('button', { name: words.clear }).first().click());
    await expect(page).toHaveURL(/\/workflows$/);

    // Pages: 32 demo workflows, 12 a page.
    await expect(cards).toHaveCount(12);
    const firstTitle = await cards.first().getByRole('heading').textContent();
    if (isMobile) {
      // 32 demo workflows make 3 pages; other journeys list workflows of their own meanwhile (a whole
      // run on three projects makes six pages), so only "at least 3" is known here.
      const pageOf = (current: number) => page.getByText(new RegExp(`^${current} / ([3-9]|\\d{2,})$`));
      await expect(pageOf(1)).toBeVisible();
      await page.getByRole('link', { name: /Next|Sau/ }).click();
      await expect(pageOf(2)).toBeVisible();
    } else {
      await page.getByRole('link', { name: words.page(2), exact: true }).click();
      await expect(page.getByRole('link', { name: words.page(2), exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
    await expect(page).toHaveURL(/page=2/);
    await expect(cards.first().getByRole('heading')).not.toHaveText(firstTitle!);
    await page.getByRole('link', { name: /Next|Sau/ }).click();
    await expect(page).toHaveURL(/page=3/);
    // 32 demo workflows leave 8 on page 3; other journeys list workflows of their own meanwhile, so
    // the page is read again until it and the catalogue's count agree.
    let total = 0;
    await expect(async () => {
      const listed = (await (await page.request.get('/api/workflows?limit=1')).json()) as {
        totalCount: number;
      };
      total = listed.totalCount;
      await page.reload();
      await expect(cards).toHaveCount(Math.min(12, total - 24), { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    // The last page has no next page.
    if (total <= 36) await expect(page.getByRole('button', { name: /Next|Sau/ })).toBeDisabled();
    else await expect(page.getByRole('link', { name: /Next|Sau/ })).toBeVisible();
  });

  test('free detail: preview, download of a file that parses', async ({ page, words, uiLanguage }) => {
    const title = demoTitle('Import a CSV from a URL into Excel', uiLanguage);
    await page.goto('/workflows?price=free&search=csv');
    const card = page.getByRole('article').filter({ hasText: title });
    await card.getByRole('link').click();
    await expect(page).toHaveURL(/\/workflows\/import-a-csv-from-a-url-into-excel-[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The preview comes after the facts and the description, and loads once scrolled to.
    await page.getByTestId('preview-section').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('workflow-preview').locator('.react-flow__node')).not.toHaveCount(0);
    await expect(page.getByText(/^\d+ (nodes?|node)$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: words.usageGuide })).toBeVisible();
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: words.download, exact: true }).click(),
    ]);
    // Named after the title the visitor reads.
    expect(download.suggestedFilename()).toBe(downloadFileName(title));
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const parsed = parseWorkflowExport(await readFile(path, 'utf8'));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.workflows[0]!.nodes.length).toBeGreaterThan(0);
  });

  test('paid detail: the structure graph and a Buy button, no file fetched', async ({ page, words }) => {
    const fileRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/download(\?|$)/.test(request.url())) fileRequests.push(request.url());
    });
    await page.goto('/workflows?price=paid&sort=price_desc');
    await page.getByRole('article').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The graph is drawn from the structure only (node types and connections), never the file.
    await scrollUntilShown(page.getByTestId('preview-section'), page.getByText(words.structureOnly));
    // A visitor is offered the Buy button (it leads to sign-in), never a dead "purchase required".
    await expect(
      page.getByTestId('buy-block').getByRole('button', { name: words.buy, exact: true }),
    ).toBeEnabled();
    await expect(page.getByTestId('structure-preview')).toBeVisible();
    await expectAccessible(page);
    expect(fileRequests).toEqual([]);
  });

  test('a bare id or slug lands on the canonical address', async ({ page, request, uiLanguage }) => {
    // Its title as the page shows it: in the visitor's language.
    const list = await (
      await request.get('/api/workflows?search=notion%20todoist', { headers: { 'x-language': uiLanguage } })
    ).json();
    const workflow = list.workflows[0];
    const canonical = `/workflows/${workflow.slug}-${workflow.id}`;
    await page.goto(`/workflows/${workflow.id}`);
    await expect(page).toHaveURL(canonical);
    await expect(page.getByRole('heading', { level: 1, name: workflow.title })).toBeVisible();
    await page.goto(`/workflows/${workflow.slug}`);
    await expect(page).toHaveURL(canonical);
    // The redirect replaced the entry: going back leaves the workflow instead of looping.
    await page.goBack();
    await expect(page).not.toHaveURL(new RegExp(`/workflows/${workflow.slug}$`));
  });

  test('language switch survives a reload', async ({ page, uiLanguage, isMobile }) => {
    const target = uiLanguage === 'en' ? 'vi' : 'en';
    await page.goto('/workflows');
    // Phones reach the language select through the side sheet.
    if (isMobile) await page.getByRole('button', { name: /Open menu|Mở menu/ }).click();
    const scope = isMobile ? page.getByRole('dialog') : page.getByRole('banner');
    await scope.getByLabel(uiLanguage === 'en' ? 'Language' : 'Ngôn ngữ').selectOption(target);
    const title = target === 'vi' ? 'Quy trình' : 'Workflows';
    if (isMobile) await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', target);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(target);
  });

  test('unknown address shows the 404 page', async ({ page, words }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: words.notFound })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: /Back to home|Về trang chủ/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('static pages and the FAQ accordion', async ({ page }) => {
    for (const path of ['/guide', '/contact', '/terms', '/privacy']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    }
    await page.goto('/faq');
    // Fourteen questions (how workflows are checked among them); opening one closes the other.
    const questions = page.locator('h3 > button');
    await expect(questions).toHaveCount(14);
    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await questions.nth(1).click();
    await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expectAccessible(page);
  });

  test("a workflow's author has a public profile with their workflows", async ({ page }) => {
    await page.goto('/workflows');
    await page.getByRole('article').first().getByRole('link').click();
    await page.getByRole('link', { name: /View profile|Xem hồ sơ/ }).click();
    await expect(page).toHaveURL(/\/profiles\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page);
  });
});

import { demoTitle } from './demo-titles';
import { expect, test } from './fixtures';

/** Found by "quan ly" through its Vietnamese original; shown in the visitor's language. */
const ORIGINAL_TITLE = 'Quản lý tác vụ API dài: gọi, chờ và kiểm tra kết quả';
const READ = {
  en: { price: '49,000 VNĐ', apps: 'Apps and services', reviews: 'Ratings and reviews' },
  vi: { price: '49.000 VNĐ', apps: 'Ứng dụng và dịch vụ', reviews: 'Xếp hạng và đánh giá' },
} as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('search from the home page, read a workflow, page through the catalogue', async ({
    page,
    words,
    uiLanguage,
    baseURL,
  }) => {
    // The language cookie a visitor's earlier choice leaves (no script runs to read local storage).
    await page.context().addCookies([{ name: 'lang', value: uiLanguage, url: baseURL! }]);
    const TITLE = demoTitle(ORIGINAL_TITLE, uiLanguage);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: words.heroTitle })).toBeVisible();

    await page.getByRole('searchbox', { name: words.search }).fill('quan ly');
    await page.getByRole('button', { name: words.searchButton, exact: true }).click();
    await expect(page).toHaveURL(/\/workflows\?search=quan\+ly$/);
    const result = page.getByRole('article').filter({ hasText: TITLE });
    await expect(result).toBeVisible();

    await result.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByText(READ[uiLanguage].price).first()).toBeVisible();
    const apps = page.getByRole('term').filter({ hasText: READ[uiLanguage].apps });
    await expect(apps).toBeVisible();
    // The apps the file uses, or "None" when it uses only core nodes.
    await expect(apps.locator('xpath=following-sibling::dd[1]')).toHaveText(/\S/);
    // Its reviews section is in the page too (its own chunk in the browser, rendered on the server).
    await expect(page.getByRole('heading', { name: READ[uiLanguage].reviews })).toBeVisible();

    // The catalogue: 32 demo workflows, 12 a page, pages are links.
    await page.goto('/workflows');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(12);
    const firstTitle = await cards.first().getByRole('heading').textContent();
    await page.getByRole('link', { name: words.page(2), exact: true }).click();
    await expect(page).toHaveURL(/\/workflows\?page=2$/);
    await expect(page.getByRole('link', { name: words.page(2), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(cards.first().getByRole('heading')).not.toHaveText(firstTitle!);

    // A filter is a GET form too: free workflows only.
    await page.getByLabel(words.price, { exact: true }).selectOption('free');
    await page.getByRole('button', { name: words.catalogSearch, exact: true }).click();
    await expect(page).toHaveURL(/price=free/);
    await expect(cards.first()).toBeVisible();
    await expect(cards.filter({ hasNotText: words.free })).toHaveCount(0);
  });
});

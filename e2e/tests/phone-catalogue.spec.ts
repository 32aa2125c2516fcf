/**
 * The catalogue on a phone: the first result on the first screen, the filters in a "Filters (n)"
 * sheet; and an accessibility pass over the main pages in both languages, including four axe rules
 * the serious/critical check leaves out.
 */
import AxeBuilder from '@axe-core/playwright';
import { devices, type Page, type Response } from '@playwright/test';
import { expect, test } from './api-fixtures';
import { clientAddressHeader, describeDesktopOnly, expectAccessible, prepareJourneyPage } from './fixtures';
import { escapeRegExp } from './signed-in-helpers';
import { translator, type Translate } from './translations';

/** The height a phone's first screen leaves below the browser's bars, roughly. */
const FIRST_SCREEN = 700;
const RULES = ['heading-order', 'image-redundant-alt', 'label-content-name-mismatch'];

async function expectFirstCardOnFirstScreen(page: Page) {
  await page.goto('/workflows');
  const firstCard = page.getByRole('article').first();
  await expect(firstCard).toBeVisible();
  const box = (await firstCard.boundingBox())!;
  expect(box.y).toBeLessThan(FIRST_SCREEN);
}

async function filterInTheSheet(page: Page, t: Translate) {
  // Search and sort stay on the page.
  await expect(page.getByRole('searchbox', { name: t('catalog.search') })).toBeVisible();
  await expect(page.getByRole('combobox', { name: t('catalog.sort') })).toBeVisible();
  // The other filters wait in the sheet: the price is not on the page.
  await expect(page.getByRole('combobox', { name: t('catalog.price') })).toBeHidden();

  const open = page.getByRole('button', { name: t('catalog.filters'), exact: true });
  await open.click();
  const sheet = page.getByRole('dialog', { name: t('catalog.filters') });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('combobox', { name: t('catalog.price') }).selectOption('free');
  await expect(page).toHaveURL(/price=free/);
  // The sheet's button says how many workflows the filter leaves.
  const show = sheet.getByRole('button', { name: new RegExp(`\\d`) }).last();
  await expect(show).toHaveText(/\d/);
  const shown = (await show.textContent())!.match(/\d[\d.,]*/)![0];

  // Focus stays inside the sheet while it is open.
  for (let step = 0; step < 12; step++) await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement)),
  ).toBe(true);

  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  // One filter is active: the button counts it, and the page counts the results.
  await expect(page.getByRole('button', { name: t('catalog.filtersCount', { count: 1 }) })).toBeVisible();
  await expect(page.getByText(new RegExp(escapeRegExp(shown)))).not.toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
}

test.describe('the catalogue on a phone', () => {
  test('shows the first card on the first screen and the filters in a sheet', async ({
    page,
    t,
    isMobile,
  }) => {
    test.skip(!isMobile, 'The phone project; the Vietnamese phone has its own context below');
    await expectFirstCardOnFirstScreen(page);
    await filterInTheSheet(page, t);
  });

  test('reads the same on a 390 px phone in Vietnamese', async ({
    browser,
    baseURL,
    uiLanguage,
    isMobile,
  }) => {
    test.skip(isMobile || uiLanguage !== 'vi', 'Once, from the Vietnamese desktop project');
    const context = await browser.newContext({
      ...devices['iPhone 14'],
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: clientAddressHeader(),
    });
    const page = await context.newPage();
    await prepareJourneyPage(page, 'vi', baseURL!, true);
    await expectFirstCardOnFirstScreen(page);
    await filterInTheSheet(page, translator('vi'));
    await context.close();
  });
});

/** No serious or critical violation, and the four rules above pass. */
async function expectRules(page: Page, where: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).withRules(RULES).analyze();
  const failed = results.violations.map(
    (violation) =>
      `${where} ${violation.id}: ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect.soft(failed).toEqual([]);
  await expectAccessible(page);
}

describeDesktopOnly('accessibility of the main pages', 'The same components as on desktop', () => {
  test('home, catalogue, detail, auth, create and sales pages pass', async ({ page, apiUser }) => {
    // An anonymous visitor gets no answer for signed-in-only calls (nothing asks for them).
    const refused: string[] = [];
    const onResponse = (response: Response) => {
      if (response.url().includes('/api/') && response.status() === 401) refused.push(response.url());
    };
    page.on('response', onResponse);

    await page.goto('/');
    await expectRules(page, 'home');
    await page.goto('/workflows');
    await expectRules(page, 'catalogue');
    const detail = await page.getByRole('article').first().getByRole('link').first().getAttribute('href');
    await page.goto(detail!);
    await expectRules(page, 'detail');
    await page.goto('/auth');
    await expectRules(page, 'auth');
    expect(refused).toEqual([]);
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);

    const seller = await apiUser({ label: 'phonecat-axe' });
    await seller.page.goto('/workflows/new');
    await expectRules(seller.page, 'create');
    await seller.page.goto('/me/sales');
    await expectRules(seller.page, 'sales');
  });
});

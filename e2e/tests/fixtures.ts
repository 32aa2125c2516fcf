import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { translator, type Translate } from './translations';

export type UiLanguage = 'en' | 'vi';

/** Words the journeys look for, in the UI language of the project. */
export const WORDS = {
  en: {
    heroTitle: 'Automation workflows, ready to run',
    search: 'Search workflows',
    catalogSearch: 'Search',
    searchButton: 'Search',
    catalogTitle: 'Workflows',
    price: 'Price',
    platform: 'Platform',
    free: 'Free',
    clear: 'Clear filters',
    page: (n: number) => `Page ${n}`,
    download: 'Download',
    buy: 'Buy',
    structureOnly: 'Before purchase you see the structure',
    notFound: 'Oops! Page not found',
    language: 'Language',
    usageGuide: 'Usage guide',
  },
  vi: {
    heroTitle: 'Quy trình tự động hóa, sẵn sàng chạy',
    search: 'Tìm quy trình',
    catalogSearch: 'Tìm kiếm',
    searchButton: 'Tìm kiếm',
    catalogTitle: 'Quy trình',
    price: 'Giá',
    platform: 'Nền tảng',
    free: 'Miễn phí',
    clear: 'Xóa bộ lọc',
    page: (n: number) => `Trang ${n}`,
    download: 'Tải xuống',
    buy: 'Mua',
    structureOnly: 'Trước khi mua, bạn xem được cấu trúc',
    notFound: 'Rất tiếc! Không tìm thấy trang',
    language: 'Ngôn ngữ',
    usageGuide: 'Hướng dẫn sử dụng',
  },
} as const;

/**
 * A client address of its own for each test (the server trusts X-Forwarded-For in the journeys), so
 * the per-address sign-up and sign-in limits count each journey apart, as they would real visitors.
 */
export function clientAddressHeader(): { 'x-forwarded-for': string } {
  const byte = () => 1 + Math.floor(Math.random() * 253);
  return { 'x-forwarded-for': `198.18.${byte()}.${byte()}` };
}

/**
 * A journey's page as a returning visitor has it: the stored UI language (and the `lang` cookie the
 * server renders by), and after each navigation a wait until the app is interactive.
 */
export async function prepareJourneyPage(
  page: Page,
  language: UiLanguage,
  baseURL: string,
  javaScript: boolean,
) {
  // The stored choice, as a returning visitor would have it (the app mirrors it into the `lang`
  // cookie the server renders by); set once so a switch can override it.
  await page.context().addCookies([{ name: 'lang', value: language, url: baseURL }]);
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('e2e-language-set')) {
      localStorage.setItem('language', stored);
      sessionStorage.setItem('e2e-language-set', '1');
    }
  }, language);
  // A server-rendered page shows before its handlers are attached: after a navigation, wait until
  // the app marks itself interactive (with JavaScript off it never does: go on without waiting).
  const interactive = () =>
    page
      .waitForFunction(() => document.documentElement.dataset.interactive !== undefined, undefined, {
        timeout: 15_000,
      })
      .catch(() => undefined);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    if (javaScript) await interactive();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    if (javaScript) await interactive();
    return response;
  };
}

export const test = base.extend<{
  uiLanguage: UiLanguage;
  words: (typeof WORDS)[UiLanguage];
  /** The app's own texts in the project's UI language (translations.ts). */
  t: Translate;
}>({
  uiLanguage: ['en', { option: true }],
  // Playwright reads the fixture's dependencies from this (empty) pattern.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => use(clientAddressHeader()),
  words: async ({ uiLanguage }, use) => use(WORDS[uiLanguage]),
  t: async ({ uiLanguage }, use) => use(translator(uiLanguage)),
  page: async ({ page, uiLanguage, baseURL, javaScriptEnabled }, use) => {
    await prepareJourneyPage(page, uiLanguage, baseURL!, javaScriptEnabled !== false);
    await use(page);
  },
});

export { expect };

/**
 * A group of journeys that runs at desktop width only, where both languages run: on a phone it would
 * walk through the same components again. `onPhones` says why, or where the phone layout is covered
 * instead; Playwright reports it as the group's "on phones" annotation.
 */
export function describeDesktopOnly(title: string, onPhones: string, body: () => void) {
  test.describe(title, { annotation: { type: 'on phones', description: onPhones } }, () => {
    test.skip(({ isMobile }) => isMobile, 'Desktop-only: run at desktop width in both languages');
    body();
  });
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
  expect(blocking).toEqual([]);
}

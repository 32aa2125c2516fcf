import type { Page } from '@playwright/test';
import { expect, test } from './api-fixtures';
import { DEMO_WORKFLOWS as demo, demoTitleIn } from './demo-titles';
import { describeDesktopOnly } from './fixtures';
import { scrollUntilShown } from './lazy-sections';
import { chainExport, expectToast } from './signed-in-helpers';

/** Bilingual listings: every listing readable in the visitor's language, or tagged with its own. */

/** Every card title of the catalogue, page after page, as the visitor reads them. */
async function catalogueTitles(page: Page): Promise<string[]> {
  const list = (await (await page.request.get('/api/workflows')).json()) as {
    filteredCount: number;
    pageSize: number;
  };
  const pages = Math.ceil(list.filteredCount / list.pageSize);
  const titles: string[] = [];
  // Other journeys may list a workflow meanwhile: one page more, until a page is empty.
  for (let number = 1; number <= pages + 1; number++) {
    await page.goto(number === 1 ? '/workflows' : `/workflows?page=${number}`);
    const cards = page.getByRole('article');
    if (number > pages && (await cards.count()) === 0) break;
    await expect(cards.first()).toBeVisible();
    titles.push(...(await cards.getByRole('heading').allInnerTexts()).map((title) => title.trim()));
  }
  return titles;
}

const cardOf = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.describe('bilingual listings', () => {
  test('every demo card is in the visitor’s language; an English-only listing is tagged and found by a Vietnamese search', async ({
    page,
    uiLanguage,
    words,
    apiUser,
    listedWorkflow,
    t,
  }, testInfo) => {
    test.setTimeout(240_000);
    const titles = await catalogueTitles(page);
    for (const workflow of demo) {
      expect(titles, `${workflow.title} in ${uiLanguage}`).toContain(demoTitleIn(workflow, uiLanguage));
    }
    // No demo card shows the language the visitor does not read.
    const other = uiLanguage === 'vi' ? 'en' : 'vi';
    for (const workflow of demo) expect(titles).not.toContain(demoTitleIn(workflow, other));
    if (uiLanguage !== 'vi') return;

    // An English-only listing: the Vietnamese visitor sees its English title, tagged "EN".
    const admin = await apiUser({ email: `bilingual-admin-${testInfo.project.name}@e2e.test` });
    const author = await apiUser({ label: 'english-author' });
    const marker = Date.now().toString(36);
    const title = `Appointment booking reminders by SMS ${marker}`;
    const listing = await listedWorkflow({
      author,
      admin,
      title,
      description: 'Sends every client an SMS the day before their appointment.',
    });
    const detail = (await (await page.request.get(`/api/workflows/${listing.id}`)).json()) as {
      languages: string[];
    };
    expect(detail.languages).toEqual(['en']);

    // A Vietnamese phrase ("lịch hẹn", appointment) finds it through the cross-language words.
    await page.goto('/workflows');
    const search = page.getByRole('searchbox', { name: words.catalogSearch, exact: true });
    await search.fill('lịch hẹn');
    await expect(page).toHaveURL(/search=/);
    const card = cardOf(page, title);
    await expect(card).toBeVisible();
    const tag = card.getByTestId('language-tag');
    await expect(tag).toHaveText(/EN/);
    await expect(tag).toContainText(t('card.writtenIn.en'));

    // Its page says so too; the demo listings beside it carry no tag.
    await card.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('main').getByTestId('language-tag').first()).toContainText(
      t('card.writtenIn.en'),
    );
  });
});

describeDesktopOnly(
  'an author writes both languages',
  'the form is the same on a phone (tabs: web tests)',
  () => {
    test('the English visitor reads the English text in the page, its head and its share image', async ({
      apiUser,
      browser,
      t,
    }, testInfo) => {
      test.setTimeout(240_000);
      const marker = Date.now().toString(36);
      const english = `Daily sales summary to Slack ${marker}`;
      const vietnamese = `Tổng hợp doanh số hằng ngày gửi Slack ${marker}`;
      const author = await apiUser({ label: 'bilingual-author' });
      const { page } = author;
      await page.goto('/workflows/new');
      await page.locator('#wf-file').setInputFiles({
        name: 'sales.json',
        mimeType: 'application/json',
        buffer: Buffer.from(
          chainExport(english, [
            { name: 'Every evening', type: 'n8n-nodes-base.scheduleTrigger' },
            { name: 'Read sales', type: 'n8n-nodes-base.googleSheets' },
            { name: 'Post the total', type: 'n8n-nodes-base.slack' },
          ]),
        ),
      });
      await expect(page.getByTestId('file-check')).toContainText(
        t('publish.fileRecognised', { platform: 'n8n' }),
      );

      // The author writes in Vietnamese first, then adds the English translation beside it.
      const texts = page.getByTestId('listing-texts');
      await texts
        .getByRole('radiogroup', { name: t('publish.texts.originalLanguage') })
        .getByLabel(t('publish.texts.languageName.vi'))
        .check();
      await page.locator('#wf-title').fill(vietnamese);
      await page
        .locator('#wf-description')
        .fill('Mỗi tối gửi tổng doanh số trong ngày lên kênh Slack của đội.');
      await expect(page.getByLabel(t('publish.texts.translatedTitle'))).toBeVisible();
      await page.getByLabel(t('publish.texts.translatedTitle')).fill(english);
      await page
        .getByLabel(t('publish.texts.translatedDescription'))
        .fill("Every evening, posts the day's sales total to your team's Slack channel.");
      await page
        .getByRole('group', { name: t('publish.jobTypes') })
        .locator('label')
        .first()
        .click();
      await page.getByRole('button', { name: t('publish.submit') }).click();
      await expectToast(page, t('publish.created'));
      await expect(page).toHaveURL(/\/workflows\/[a-z0-9-]+-[0-9a-f-]{36}$/);
      const path = new URL(page.url()).pathname;
      const id = path.slice(-36);

      const admin = await apiUser({ email: `bilingual-form-admin-${testInfo.project.name}@e2e.test` });
      const approved = await admin.request.post(`/api/admin/workflows/${id}/approve`, {
        headers: { origin: new URL(page.url()).origin },
      });
      expect(approved.status(), await approved.text()).toBe(200);

      // A visitor who reads English, on a fresh device.
      const visitorContext = await browser.newContext({ locale: 'en-US' });
      const visitor = await visitorContext.newPage();
      const answer = await visitor.goto(`${path}?lang=en`);
      const html = await answer!.text();
      await expect(visitor.getByRole('heading', { level: 1, name: english })).toBeVisible();
      // The description renders once scrolled to (the related list may show the same words too).
      const description = visitor.getByTestId('description');
      await scrollUntilShown(
        description,
        description.getByText("Every evening, posts the day's sales total"),
      );
      await expect(visitor.getByText(vietnamese)).toHaveCount(0);
      await expect(visitor.getByRole('main').getByTestId('language-tag')).toHaveCount(0);
      await expect(visitor).toHaveTitle(new RegExp(`^${english}`));
      expect(html).toMatch(new RegExp(`<meta property="og:title" content="${english}`));
      expect(html).toContain(`hreflang="vi" href="${new URL(path + '?lang=vi', page.url()).href}"`);

      // Its share image is drawn for English: another picture than the Vietnamese one.
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
      expect(image).not.toContain('lang=vi');
      const englishImage = await visitor.request.get(image);
      expect(englishImage.headers()['content-type']).toBe('image/png');
      const vietnameseImage = await visitor.request.get(`${image}&lang=vi`);
      expect(vietnameseImage.status()).toBe(200);
      expect(Buffer.compare(await englishImage.body(), await vietnameseImage.body())).not.toBe(0);

      // The Vietnamese reader gets the original.
      await visitor.goto(`${path}?lang=vi`);
      await expect(visitor.getByRole('heading', { level: 1, name: vietnamese })).toBeVisible();
      await expect(visitor).toHaveTitle(new RegExp(`^${vietnamese}`));
      await visitorContext.close();
    });
  },
);

import type { Page } from '@playwright/test';
import { expect, test } from './api-fixtures';
import { describeDesktopOnly, type UiLanguage } from './fixtures';
import {
  chainExport,
  escapeRegExp,
  expectAccessibleSettled as expectAccessible,
  expectToast,
  slowChunks,
} from './signed-in-helpers';
import type { Translate } from './translations';

const PRICE = 49_000;

/** The plural form i18next picks: English has one/other, Vietnamese only other. */
const plural = (language: UiLanguage, key: string, count: number) =>
  `${key}_${language === 'en' && count === 1 ? 'one' : 'other'}`;

/** A clean two-step n8n export (webhook → Slack). */
function invoiceExport(name: string): string {
  return chainExport(name, [
    { name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, parameters: { path: 'invoice' } },
    { name: 'Slack', type: 'n8n-nodes-base.slack', typeVersion: 2, parameters: { text: 'New invoice' } },
  ]);
}

/** Pays through the built-in test gateway and comes back to the workflow. */
async function buyThroughTestGateway(page: Page, t: Translate, path: string) {
  await page.goto(path);
  await page
    .getByTestId('buy-block')
    .getByRole('button', { name: t('buy.buy'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/test-gateway\/pay\?/);
  await page.getByRole('button', { name: t('testGateway.pay'), exact: true }).click();
  await expect(page.getByTestId('order-result')).toHaveText(t('orders.result.success'));
  await page.getByRole('link', { name: t('orders.openWorkflow') }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}$`));
}

describeDesktopOnly('trust', 'the trust journeys run at desktop width in both languages', () => {
  test('a buyer rates and reviews a workflow, the author answers, and cards and the page show the new average', async ({
    uiLanguage,
    t,
    apiUser,
    listedWorkflow,
  }, testInfo) => {
    test.setTimeout(240_000);
    const project = testInfo.project.name;
    const author = await apiUser({ label: 'trust-author' });
    const admin = await apiUser({ email: `trust-admin-${project}@e2e.test` });
    const title = `Invoice relay ${project} ${Date.now().toString(36)}`;

    // A paid workflow of the author's own, listed through the API (publishing and review have
    // journeys of their own): this journey is about what happens after it is listed.
    const buyer = await apiUser({ label: 'trust-buyer' });
    const workflow = await listedWorkflow({
      author,
      admin,
      title,
      description: 'Sends every new invoice to the team chat.',
      price: PRICE,
      file: invoiceExport(title),
    });

    // Before buying, the page says nobody rated it and how a buyer can.
    await buyer.page.goto(workflow.path);
    await expect(buyer.page.getByText(t('card.unrated')).first()).toBeVisible();
    const reviews = buyer.page.locator('#reviews');
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews.getByText(t('ratings.notUsed'))).toBeVisible();

    await buyThroughTestGateway(buyer.page, t, workflow.path);
    await reviews.scrollIntoViewIfNeeded();
    const form = reviews.locator('form');
    await form.getByRole('button', { name: t('ratings.submit') }).click();
    await expect(form.getByRole('alert')).toHaveText(t('ratings.pickRating'));
    await form
      .getByRole('radio', { name: t(plural(uiLanguage, 'ratings.starsValue', 4), { count: 4 }) })
      .check({ force: true });
    const text =
      uiLanguage === 'vi'
        ? 'Chạy tốt ngay lần đầu, tiết kiệm nhiều thời gian.'
        : 'Worked first time, saves me an hour a day.';
    await form.getByLabel(t('ratings.body')).fill(text);
    await form.getByRole('button', { name: t('ratings.submit') }).click();
    await expectToast(buyer.page, t('ratings.saved'));

    const average = (value: string, count: number) =>
      t(plural(uiLanguage, 'card.rating', count), { count, average: value });
    const four = uiLanguage === 'vi' ? '4,0' : '4.0';
    await expect(buyer.page.getByTestId('detail-rating')).toHaveText(average(four, 1));
    await expect(buyer.page.getByTestId('rating-summary')).toContainText(four);
    const review = reviews.getByTestId('review').filter({ hasText: text });
    await expect(review).toContainText(t('ratings.versionUsed', { version: '1.0' }));
    await expect(reviews.getByText(t('ratings.yourReview'))).toBeVisible();
    await expectAccessible(buyer.page);

    // The author answers from their own page, the reviews' chunk slow to arrive: the page says it is
    // interactive (what the fixture's goto waits for) only once the answer button works.
    const authorPage = author.page;
    await slowChunks(authorPage, '**/assets/reviews-section-*.js');
    await authorPage.goto(workflow.path);
    const authorReviews = authorPage.locator('#reviews');
    await authorReviews.scrollIntoViewIfNeeded();
    const toAnswer = authorReviews.getByTestId('review').filter({ hasText: text });
    await toAnswer.getByRole('button', { name: t('ratings.reply') }).click();
    const answer =
      uiLanguage === 'vi' ? 'Cảm ơn bạn! Bản 1.1 sẽ có thêm Slack.' : 'Thank you! Version 1.1 adds Slack.';
    await toAnswer.getByLabel(t('ratings.replyLabel')).fill(answer);
    await toAnswer.getByRole('button', { name: t('ratings.replySubmit') }).click();
    await expectToast(authorPage, t('ratings.replySaved'));
    await expect(toAnswer).toContainText(answer);
    await expect(toAnswer).toContainText(t('ratings.authorReply'));
    await author.context.close();

    // The buyer sees the answer; the catalogue card shows the new average under Top rated.
    await buyer.page.reload();
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews.getByTestId('review').filter({ hasText: text })).toContainText(answer);
    await buyer.page.goto(`/workflows?sort=rating_desc&search=${encodeURIComponent(title)}`);
    const card = buyer.page.getByRole('article').filter({ hasText: title });
    await expect(card.getByTestId('card-rating')).toContainText(`${four}`);
    await expect(card.getByTestId('card-rating')).toContainText('(1)');
    await expect(card.getByText(average(four, 1))).toBeAttached();
  });

  test('a visitor reports a workflow from its page, is told it was received, and an admin sees it in the queue', async ({
    page,
    t,
    apiUser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    const listed = await page.request.get('/api/workflows?price=free&sort=views_asc');
    const { workflows } = (await listed.json()) as {
      workflows: { id: string; slug: string; title: string }[];
    };
    const target = workflows[project.endsWith('vi') ? 1 : 0]!;

    const visitor = await apiUser({ label: 'trust-reporter' });
    await visitor.page.goto(`/workflows/${target.slug}-${target.id}`);
    await visitor.page.getByRole('button', { name: t('report.button'), exact: true }).click();
    const dialog = visitor.page.getByRole('dialog', { name: t('report.title') });
    await dialog.getByLabel(t('report.reason')).selectOption('broken');
    const details = `${project}: the HTTP node fails with 401 every time`;
    await dialog.getByLabel(t('report.details')).fill(details);
    await expectAccessible(visitor.page);
    await dialog.getByRole('button', { name: t('report.send') }).click();
    const received = visitor.page.getByRole('dialog', { name: t('report.received') });
    await expect(received.getByRole('status')).toHaveText(t('report.receivedText'));
    await received
      .getByRole('button', { name: t('common.close') })
      .first()
      .click();
    await expect(visitor.page.getByRole('button', { name: t('report.received') })).toBeVisible();
    await visitor.context.close();

    const admin = await apiUser({ email: `trust-reports-admin-${project}@e2e.test` });
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: t('moderationQueue.reportsTab') }).click();
    const row = admin.page.getByRole('listitem').filter({ hasText: details });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: target.title })).toBeVisible();
    await expect(row).toContainText(t('moderationQueue.reasons.broken'));
    await expectAccessible(admin.page);
  });
});

import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectAccessible as expectAccessibleNow, test, type UiLanguage } from './fixtures';
import {
  confirmedAccount,
  escapeRegExp,
  logIn,
  newContextIn,
  signUpAndConfirm,
  translator,
  uniqueEmail,
  type Translate,
} from './signed-in-helpers';

const PRICE = 49_000;

/** The plural form i18next picks: English has one/other, Vietnamese only other. */
const plural = (language: UiLanguage, key: string, count: number) =>
  `${key}_${language === 'en' && count === 1 ? 'one' : 'other'}`;

/** Axe once the toasts are gone (sonner's stacked toasts are faded on purpose). */
async function expectAccessible(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessibleNow(page);
}

async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/** A new confirmed account, signed in through the form, in its own browser. */
async function signedInUser(browser: Browser, t: Translate, language: UiLanguage, email: string) {
  const context = await newContextIn(browser, language);
  const page = await context.newPage();
  await signUpAndConfirm(page, browser, t, email, language);
  await page.goto('/auth');
  await logIn(page, t, email);
  await expect(page).toHaveURL(/\/$/);
  return { context, page };
}

/**
 * A paid workflow of the author's own, published and approved over the API (publishing and review
 * have journeys of their own): this journey is about what happens after it is listed.
 */
async function listedPaidWorkflow(
  request: APIRequestContext,
  page: Page,
  authorToken: string,
  adminToken: string,
  title: string,
) {
  const headers = { authorization: `Bearer ${authorToken}` };
  const file = await request.post('/api/uploads?folder=workflows', {
    headers,
    multipart: {
      file: { name: 'flow.json', mimeType: 'application/json', buffer: Buffer.from(invoiceExport(title)) },
    },
  });
  expect(file.status(), await file.text()).toBe(201);
  const cover = await request.post('/api/uploads?folder=covers', {
    headers,
    multipart: {
      file: {
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: await page.screenshot({ clip: { x: 0, y: 0, width: 480, height: 270 } }),
      },
    },
  });
  expect(cover.status(), await cover.text()).toBe(201);
  const created = await request.post('/api/workflows', {
    headers,
    data: {
      title,
      description: 'Sends every new invoice to the team chat.',
      price: PRICE,
      file_url: (await file.json()).url,
      cover_image_url: (await cover.json()).url,
      category_ids: ['n8n'],
      subcategory_ids: ['productivity'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug } = (await created.json()) as { id: string; slug: string };
  const approved = await request.post(`/api/admin/workflows/${id}/approve`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { id, path: `/workflows/${slug}-${id}` };
}

/** A clean two-node n8n export (webhook → Slack). */
function invoiceExport(name: string): string {
  return JSON.stringify({
    name,
    nodes: [
      {
        id: '1',
        name: 'Webhook',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        position: [0, 0],
        parameters: { path: 'invoice' },
      },
      {
        id: '2',
        name: 'Slack',
        type: 'n8n-nodes-base.slack',
        typeVersion: 2,
        position: [220, 0],
        parameters: { text: 'New invoice' },
      },
    ],
    connections: { Webhook: { main: [[{ node: 'Slack', type: 'main', index: 0 }]] } },
  });
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

test.describe('trust', () => {
  test('a buyer rates and reviews a workflow, the author answers, and cards and the page show the new average', async ({
    browser,
    request,
    uiLanguage,
    baseURL,
  }, testInfo) => {
    test.skip(
      testInfo.project.name.startsWith('phone'),
      'the trust journeys run at desktop width in both languages',
    );
    test.setTimeout(240_000);
    const t = translator(uiLanguage);
    const project = testInfo.project.name;
    const authorEmail = uniqueEmail('trust-author', project);
    const authorToken = await confirmedAccount(request, authorEmail, baseURL!);
    const adminToken = await confirmedAccount(request, `trust-admin-${project}@e2e.test`, baseURL!);
    const title = `Invoice relay ${project} ${Date.now().toString(36)}`;

    const buyer = await signedInUser(browser, t, uiLanguage, uniqueEmail('trust-buyer', project));
    const workflow = await listedPaidWorkflow(request, buyer.page, authorToken, adminToken, title);

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

    // The author answers from their own page.
    const author = await newContextIn(browser, uiLanguage);
    const authorPage = await author.newPage();
    await authorPage.goto('/auth');
    await logIn(authorPage, t, authorEmail);
    await expect(authorPage).toHaveURL(/\/$/);
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
    await author.close();

    // The buyer sees the answer; the catalogue card shows the new average under Top rated.
    await buyer.page.reload();
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews.getByTestId('review').filter({ hasText: text })).toContainText(answer);
    await buyer.page.goto(`/workflows?sort=rating_desc&search=${encodeURIComponent(title)}`);
    const card = buyer.page.getByRole('article').filter({ hasText: title });
    await expect(card.getByTestId('card-rating')).toContainText(`${four}`);
    await expect(card.getByTestId('card-rating')).toContainText('(1)');
    await expect(card.getByText(average(four, 1))).toBeAttached();
    await buyer.context.close();
  });

  test('a visitor reports a workflow from its page, is told it was received, and an admin sees it in the queue', async ({
    browser,
    page,
    uiLanguage,
  }, testInfo) => {
    test.skip(
      testInfo.project.name.startsWith('phone'),
      'the trust journeys run at desktop width in both languages',
    );
    test.setTimeout(180_000);
    const t = translator(uiLanguage);
    const project = testInfo.project.name;
    const listed = await page.request.get('/api/workflows?price=free&sort=views_asc');
    const { workflows } = (await listed.json()) as {
      workflows: { id: string; slug: string; title: string }[];
    };
    const target = workflows[project.endsWith('vi') ? 1 : 0]!;

    const visitor = await signedInUser(browser, t, uiLanguage, uniqueEmail('trust-reporter', project));
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

    const admin = await signedInUser(browser, t, uiLanguage, `trust-reports-admin-${project}@e2e.test`);
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: t('admin.reportsTab') }).click();
    const row = admin.page.getByRole('listitem').filter({ hasText: details });
    await expect(row).toBeVisible();
    await expect(row.getByRole('link', { name: target.title })).toBeVisible();
    await expect(row).toContainText(t('admin.reasons.broken'));
    await expectAccessible(admin.page);
    await admin.context.close();
  });
});

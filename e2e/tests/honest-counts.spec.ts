import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './api-fixtures';
import { expectAccessibleSettled as expectAccessible } from './signed-in-helpers';

interface Counted {
  downloads: number;
  eligibility: string;
}

/** What the workflow's page would show: its download count, and whether the reader may review it. */
async function countedFor(request: APIRequestContext, workflowId: string): Promise<Counted> {
  const detail = await request.get(`/api/workflows/${workflowId}`);
  expect(detail.ok()).toBe(true);
  const reviews = await request.get(`/api/workflows/${workflowId}/reviews`);
  expect(reviews.ok()).toBe(true);
  return {
    downloads: ((await detail.json()) as { downloads: number }).downloads,
    eligibility: ((await reviews.json()) as { viewer: { eligibility: string } }).viewer.eligibility,
  };
}

/** Scrolls to the preview and waits until its graph is drawn from the file. */
async function seePreview(page: Page) {
  const loaded = page.waitForResponse((response) => /\/download\?preview=1$/.test(response.url()));
  await page.getByTestId('preview-section').scrollIntoViewIfNeeded();
  expect((await loaded).status()).toBe(200);
  await expect(page.getByTestId('workflow-preview').locator('.react-flow__node')).not.toHaveCount(0);
}

test.describe('honest download counts', () => {
  test('looking at a free workflow with its preview is not a download; a real download counts once and opens the review form', async ({
    apiUser,
    listedWorkflow,
    t,
  }, testInfo) => {
    test.setTimeout(240_000);
    const admin = await apiUser({ email: `honest-admin-${testInfo.project.name}@e2e.test` });
    const author = await apiUser({ label: 'honest-author' });
    const workflow = await listedWorkflow({
      author,
      admin,
      title: `Honest counts ${testInfo.project.name} ${Date.now()}`,
    });
    const reader = await apiUser({ label: 'honest-reader' });
    const { page } = reader;

    await page.goto(workflow.path);
    await seePreview(page);
    await expect(page.getByRole('button', { name: t('detail.copyJson') })).toBeVisible();
    // The page's preview took the file but nothing counts it, and the review form stays closed.
    expect(await countedFor(reader.request, workflow.id)).toEqual({ downloads: 0, eligibility: 'not_used' });
    await page.getByText(t('ratings.notUsed')).scrollIntoViewIfNeeded();
    await expect(page.getByText(t('ratings.notUsed'))).toBeVisible();
    await expect(page.getByText(t('ratings.writeTitle'))).toHaveCount(0);
    await expectAccessible(page);

    // A real download counts, once a day however often, and lets the reader rate the workflow.
    for (let round = 0; round < 2; round++) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: t('detail.download'), exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.json$/);
    }
    await expect(page.getByText(t('ratings.writeTitle'))).toBeVisible();
    expect(await countedFor(reader.request, workflow.id)).toEqual({ downloads: 1, eligibility: 'eligible' });

    // Coming back: the preview loads again and still counts nothing.
    await page.reload();
    await seePreview(page);
    expect((await countedFor(reader.request, workflow.id)).downloads).toBe(1);
  });

  test('a cancelled payment is not a receipt: it says so and leads back to the workflow', async ({
    apiUser,
    t,
  }) => {
    test.setTimeout(180_000);
    const { page } = await apiUser({ label: 'honest-canceller' });
    const answer = await page.request.get('/api/workflows?price=paid&sort=price_asc');
    expect(answer.ok()).toBe(true);
    const [workflow] = ((await answer.json()) as { workflows: { id: string; slug: string }[] }).workflows;
    const path = `/workflows/${workflow!.slug}-${workflow!.id}`;

    await page.goto(path);
    await page
      .getByTestId('buy-block')
      .getByRole('button', { name: t('buy.buy'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/test-gateway\/pay\?/);
    await page.getByRole('button', { name: t('testGateway.cancel'), exact: true }).click();
    await expect(page).toHaveURL(/\/orders\/FB-[0-9A-Z-]+\?result=cancelled$/);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('orders.unpaid.cancelledTitle'));
    await expect(page.getByTestId('order-result')).toHaveText(t('orders.result.cancelled'));
    await expect(page.getByRole('heading', { name: t('orders.title'), exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('orders.print') })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: t('orders.unpaid.backToWorkflow') }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId('buy-block')).toBeVisible();
  });
});

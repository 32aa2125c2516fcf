/**
 * What an administrator sees of a listing sent back and edited again, and what a seller reads of their
 * money: the sales chart's values and the net beside the price they type.
 */
import { expect, test } from './api-fixtures';
import { describeDesktopOnly } from './fixtures';

describeDesktopOnly(
  'the administrator sees what changed',
  'The review queue is the same page on a phone; its texts are covered at desktop width.',
  () => {
    test('an edited listing in the queue shows the reason it was rejected before and the changed fields', async ({
      t,
      apiUser,
      listedWorkflow,
      baseURL,
    }, testInfo) => {
      test.setTimeout(180_000);
      const project = testInfo.project.name;
      const admin = await apiUser({ email: `i34d-admin-${project}@e2e.test` });
      const author = await apiUser({ label: 'i34d-author' });
      const title = `Invoice digest ${project} ${Date.now().toString(36)}`;
      const workflow = await listedWorkflow({ author, admin, title });
      const origin = { origin: baseURL! };

      // An edit is rejected with a reason, then edited again: the queue shows both.
      const edited = await author.request.put(`/api/workflows/${workflow.id}`, {
        headers: origin,
        data: { description: 'Buy my course at spam.example' },
      });
      expect(edited.status(), await edited.text()).toBe(200);
      const reason = 'The description advertises another site.';
      const rejected = await admin.request.post(`/api/admin/workflows/${workflow.id}/reject`, {
        headers: origin,
        data: { reason },
      });
      expect(rejected.status(), await rejected.text()).toBe(200);
      const fixed = 'Sends a digest of the week’s invoices every Monday.';
      const again = await author.request.put(`/api/workflows/${workflow.id}`, {
        headers: origin,
        data: { description: fixed },
      });
      expect(again.status(), await again.text()).toBe(200);

      const page = admin.page;
      await page.goto('/admin');
      const item = page
        .getByTestId('moderation-item')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      const previous = item.getByTestId('previous-rejection');
      await expect(previous).toContainText(reason);
      await expect(item).toContainText(t('moderationQueue.editedFields'));
      await expect(item).toContainText(fixed);
    });
  },
);

describeDesktopOnly(
  'the seller’s money screens',
  'The chart on a phone is checked by its unit test; the tooltip needs a pointer.',
  () => {
    test('the sales chart shows a sale’s value in a tooltip, and the price field shows the net', async ({
      t,
      apiUser,
      listedWorkflow,
      paidOrder,
    }, testInfo) => {
      test.setTimeout(180_000);
      const project = testInfo.project.name;
      const admin = await apiUser({ email: `i34d-sales-admin-${project}@e2e.test` });
      const seller = await apiUser({ label: 'i34d-seller' });
      const buyer = await apiUser({ label: 'i34d-buyer' });
      const title = `Paid digest ${project} ${Date.now().toString(36)}`;
      const workflow = await listedWorkflow({ author: seller, admin, title, price: 100_000 });
      await paidOrder(buyer, workflow.id);

      const page = seller.page;
      await page.goto('/me/sales');
      const chart = page.getByRole('list', { name: t('sales.chartDaily') });
      const today = chart.getByRole('listitem').last();
      await today.hover();
      const tooltip = page.getByRole('tooltip');
      await expect(tooltip).toBeVisible();
      await expect(tooltip).toHaveText(await today.getAttribute('aria-label').then((label) => label!));
      expect(Number(await today.getAttribute('data-value'))).toBeGreaterThan(0);

      await page.goto('/workflows/new');
      const price = page.getByLabel(t('publish.price'), { exact: true });
      await price.fill('100000');
      await expect(page.getByText(new RegExp(t('publish.youReceive', { price: '.+' })))).toBeVisible();
    });
  },
);

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { formatVnd } from '@flowbay/domain/price';
import { parseWorkflowExport } from '@flowbay/workflow-formats';
import { expect, test } from './api-fixtures';
import { expectAccessibleSettled as expectAccessible } from './signed-in-helpers';

interface Listed {
  id: string;
  slug: string;
  title: string;
  price: number;
}

/** Flowbay's own order page, with no return from a provider's page in its address. */
const ORDER_PAGE = /\/orders\/(FB-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})$/;

/** A listed paid workflow of the demo catalogue the buying journeys do not take (they take 0 to 2). */
async function paidWorkflow(page: Page): Promise<Listed> {
  const answer = await page.request.get('/api/workflows?price=paid&sort=price_desc');
  expect(answer.ok()).toBe(true);
  const { workflows } = (await answer.json()) as { workflows: Listed[] };
  expect(workflows.length).toBeGreaterThan(3);
  return workflows[3]!;
}

test.describe('paying by VietQR bank transfer', () => {
  test("a buyer picks VietQR, sees the QR on Flowbay's page, the simulated transfer pays, and the page moves to the receipt by itself", async ({
    uiLanguage,
    t,
    apiUser,
  }) => {
    test.setTimeout(180_000);
    const { page } = await apiUser({ label: 'vietqr' });
    const workflow = await paidWorkflow(page);
    await page.goto(`/workflows/${workflow.slug}-${workflow.id}`);

    // The test gateway offers its VietQR beside its VNPay-style page.
    const block = page.getByTestId('buy-block');
    await block.getByRole('radio', { name: t('buy.vietqrTest'), exact: true }).check();
    await expect(block.getByTestId('test-mode')).toHaveText(t('buy.testMode'));
    // A business buyer asks for a VAT invoice at checkout.
    const company = uiLanguage === 'vi' ? 'Công ty TNHH Sen Vàng' : 'Golden Lotus Trading LLC';
    await block.getByLabel(t('vatInvoice.checkbox')).check();
    await block.getByLabel(t('vatInvoice.companyName')).fill(company);
    await block.getByLabel(t('vatInvoice.taxCode')).fill('0101234567-001');
    await block.getByLabel(t('vatInvoice.address')).fill('3 Phố Huế, Hà Nội');
    await block.getByLabel(t('vatInvoice.email')).fill('ketoan@senvang.example');
    await block.getByRole('button', { name: t('buy.buy'), exact: true }).click();

    // Flowbay's own page: the QR, the amount in đồng and the transfer content, marked as a test.
    await expect(page).toHaveURL(ORDER_PAGE);
    const code = ORDER_PAGE.exec(page.url())![1]!;
    const panel = page.getByTestId('vietqr-panel');
    await expect(panel.getByTestId('vietqr-test-label')).toHaveText(t('orders.vietqr.testLabel'));
    await expect(panel.getByTestId('vietqr-image')).toBeVisible();
    await expect(panel.getByTestId('vietqr-amount')).toHaveText(formatVnd(workflow.price, uiLanguage));
    await expect(panel.getByTestId('vietqr-content')).toHaveText(code.replace(/-/g, ''));
    await expect(panel.getByTestId('vietqr-account-number')).toHaveText('VQRQ0001FLOWBAY');
    await expectAccessible(page);

    // After a reload the page still shows the same transfer (the order answers it to its buyer).
    await page.reload();
    await expect(panel.getByTestId('vietqr-content')).toHaveText(code.replace(/-/g, ''));

    // The stand-in sends payOS's signed webhook to Flowbay's real route; the page notices by itself.
    await panel.getByRole('button', { name: t('orders.vietqr.simulate'), exact: true }).click();
    await expect(page.getByTestId('order-result')).toHaveText(t('orders.result.success'), {
      timeout: 20_000,
    });
    await expect(panel).toHaveCount(0);
    await expect(page).toHaveURL(ORDER_PAGE);
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByTestId('order-state')).toHaveText(t('orders.states.paid'));
    await expect(receipt.getByTestId('receipt-amount')).toHaveText(formatVnd(workflow.price, uiLanguage));
    await expect(receipt).toContainText(code);
    // The invoice request made at checkout is on the receipt, waiting to be issued.
    const invoice = page.getByTestId('order-invoice');
    await expect(invoice).toContainText(company);
    await expect(invoice).toContainText('0101234567-001');
    await expect(invoice.getByTestId('invoice-state')).toHaveText(t('invoices.state.pending'));

    // The workflow is the buyer's: the download works.
    await page.getByRole('link', { name: t('orders.openWorkflow') }).click();
    await expect(page.getByTestId('owned-notice')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t('detail.download'), exact: true }).click(),
    ]);
    const text = await readFile(await download.path(), 'utf8');
    expect(parseWorkflowExport(text).ok).toBe(true);
  });
});

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { formatVnd } from '@flowbay/domain/price';
import { expect, test } from './api-fixtures';
import { describeDesktopOnly } from './fixtures';
import {
  expectAccessibleSettled as expectAccessible,
  expectToast,
  goViaMenu,
  mailContaining,
} from './signed-in-helpers';
import type { Translate } from './translations';

/*
 * The journeys' server runs with SALE_HOLD_DAYS=0 (a sale is available at once instead of after the
 * 7-day refund window) and PAYOUT_ACCOUNT_HOLD_HOURS=0.002 (a 7-second bank-account hold instead of
 * 48 hours): both are refused below their real values in production (env.ts). The journey still
 * meets the hold: the payout button stays disabled with its reason until the hold is over.
 */
const PRICE = 300_000;
// What the seller is paid: the price less the fee (PLATFORM_FEE_PERCENT 10) and the tax withheld from
// an individual (TAX_VAT_PERCENT 5, TAX_PIT_PERCENT 2).
const SHARE = 249_000;

async function openSales(page: Page, t: Translate) {
  await goViaMenu(page, t, 'menu.sales');
  await expect(page.getByRole('heading', { level: 1, name: t('sales.title') })).toBeVisible();
}

describeDesktopOnly('selling', 'selling runs at desktop width in both languages', () => {
  test('a seller sees a sale on the chart, adds a bank account and is paid out; an admin exports and marks it paid', async ({
    baseURL,
    uiLanguage,
    t,
    apiUser,
    listedWorkflow,
    paidOrder,
  }, testInfo) => {
    test.setTimeout(240_000);
    const project = testInfo.project.name;
    const money = (amount: number) => formatVnd(amount, uiLanguage);

    const seller = await apiUser({ label: 'seller' });
    const sellerEmail = seller.email;
    const admin = await apiUser({ email: `selling-admin-${project}@e2e.test` });
    const buyer = await apiUser({ label: 'selling-buyer' });

    // The seller lists a paid workflow and a buyer pays for it, through the API (the publishing and
    // buying journeys cover their pages).
    const page = seller.page;
    await page.goto('/');
    const workflow = await listedWorkflow({
      author: seller,
      admin,
      title: `Invoice chaser ${Date.now().toString(36)}`,
      description: 'Reminds customers of unpaid invoices.',
      price: PRICE,
    });
    await paidOrder(buyer, workflow.id);
    // Payouts wait for the seller's tax profile; declared here through the API.
    const declared = await seller.request.put('/api/me/tax-profile', {
      headers: { origin: baseURL! },
      data: {
        kind: 'individual',
        legal_name: 'Nguyễn Văn An',
        tax_id: '079201001234',
        address: '12 Lê Lợi, Huế',
      },
    });
    expect(declared.ok(), await declared.text()).toBe(true);

    // The dashboard: today's bar carries the sale, the balances show the share (price less the fee and tax).
    await openSales(page, t);
    const today = page
      .getByRole('list', { name: t('sales.chartDaily') })
      .getByRole('listitem')
      .last();
    await expect(today).toHaveAttribute('data-value', String(SHARE));
    await expect(today).toHaveAccessibleName(new RegExp(money(SHARE).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(page.getByTestId('balance-available')).toHaveText(money(SHARE));
    // The per-workflow table comes first; the fee and tax breakdown lists the sale again below it.
    const row = page.getByRole('row').filter({ hasText: workflow.title }).first();
    await expect(row).toContainText(money(SHARE));
    const requestButton = page.getByRole('button', { name: t('sales.requestPayout') });
    await expect(requestButton).toBeDisabled();
    await expect(page.getByTestId('payout-note')).toHaveText(t('sales.blocker.no_account'));
    await expectAccessible(page);

    // The bank account: the holder name becomes capitals without accents as it is typed.
    const form = page.getByRole('form', { name: t('sales.accountTitle') });
    await form.getByLabel(t('sales.bank'), { exact: true }).selectOption('VCB');
    await form.getByLabel(t('sales.accountNumber'), { exact: true }).fill('0071 0012 3456 7');
    const holder = form.getByLabel(t('sales.holderName'), { exact: true });
    await holder.fill('Nguyễn Văn An');
    await holder.blur();
    await expect(holder).toHaveValue('NGUYEN VAN AN');
    await form.getByRole('button', { name: t('sales.saveAccount') }).click();
    await expectToast(page, t('sales.accountSaved'));
    // A new account pauses payouts (7 s here, 48 hours in production) and says why.
    await expect(requestButton).toBeDisabled();
    const onHold = t('sales.blocker.account_on_hold', { date: '\u0000' }).split('\u0000')[0]!;
    await expect(page.getByTestId('payout-note')).toContainText(onHold);
    expect(await mailContaining(sellerEmail, '•••• 4567')).toBeTruthy();
    await expect(async () => {
      await page.reload();
      await expect(requestButton).toBeEnabled({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await requestButton.click();
    await expectToast(page, t('sales.payoutRequested'));
    await expect(page.getByTestId('balance-in-payment')).toHaveText(money(SHARE));
    await expect(page.getByTestId('payout').first()).toContainText(t('sales.payoutState.requested'));

    // The admin exports the bank batch and marks the transfer paid.
    const adminPage = admin.page;
    await adminPage.goto('/admin');
    await adminPage.getByRole('tab', { name: t('adminPayouts.tab') }).click();
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('link', { name: t('adminPayouts.exportCsv') }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain(`,970436,VCB,Vietcombank,0071001234567,NGUYEN VAN AN,${SHARE},`);
    const item = adminPage.getByTestId('admin-payout').filter({ hasText: sellerEmail });
    await item.getByLabel(t('adminPayouts.transferRef')).fill(`FT${project.length}2026`);
    await item.getByRole('button', { name: t('adminPayouts.markPaid') }).click();
    await expectToast(adminPage, t('adminPayouts.paidToast'));
    await expect(item).toHaveCount(0); // it leaves the queue of requested payouts
    await expectAccessible(adminPage);

    // The seller sees it paid, with the bank reference, and got an e-mail.
    await page.reload();
    const payout = page.getByTestId('payout').first();
    await expect(payout).toContainText(t('sales.payoutState.paid'));
    await expect(payout).toContainText(`FT${project.length}2026`);
    await expect(page.getByTestId('balance-paid-out')).toHaveText(money(SHARE));
    await expect(page.getByTestId('balance-available')).toHaveText(money(0));
    expect(await mailContaining(sellerEmail, `FT${project.length}2026`)).toBeTruthy();
    await expectAccessible(page);
  });
});

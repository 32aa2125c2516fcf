import type { Page } from '@playwright/test';
import { formatVnd } from '@flowbay/domain/price';
import type { LicenceTier } from '@flowbay/domain';
import { expect, test, type ApiUser } from './api-fixtures';
import { describeDesktopOnly, type UiLanguage } from './fixtures';
import { chainExport, escapeRegExp, expectToast, mailContaining, screenshotPng } from './signed-in-helpers';
import type { Translate } from './translations';

/*
 * A creator's selling story, end to end: a stranger sees a paid workflow's structure, the seller
 * lists it with three licence tiers, screenshots, a FAQ, a discount code and a bundle, a buyer uses
 * the code and later upgrades, and the e-mails that follow (the sale, a new version with what
 * changed, a followed author's new listing) arrive in the reader's language, with an unsubscribe
 * link that switches its kind off.
 */

// The three licences' prices (whole đồng); the code takes 20 % off.
const PERSONAL = 150_000;
const COMMERCIAL = 300_000;
const AGENCY = 600_000;
const AGENCY_CLIENTS = 5;
const PERCENT_OFF = 20;
const DISCOUNT = (COMMERCIAL * PERCENT_OFF) / 100;
const PAID = COMMERCIAL - DISCOUNT;
// What the seller receives of what was paid: less the fee (PLATFORM_FEE_PERCENT 10) and the tax
// withheld from an individual (TAX_VAT_PERCENT 5, TAX_PIT_PERCENT 2), as in selling.spec.ts.
const netOf = (amount: number) => (amount * (100 - 10 - 5 - 2)) / 100;
const NET = netOf(PAID);
const SECOND_PRICE = 100_000;
const BUNDLE_PRICE = 200_000;

// Strings a stranger must never see before buying: one in a node's name, one in its settings.
const NAME_MARKER = 'LEDGER-ACME-4242';
const SETTING_MARKER = 'sheet-id-9f8e7d6c5b4a';

/** Schedule → Google Sheets → Slack, with the author's own words in names and settings. */
function invoiceChaserExport(name: string, extraStep = false): string {
  return chainExport(name, [
    { name: 'Every morning at 7', type: 'n8n-nodes-base.scheduleTrigger' },
    {
      name: `Read ${NAME_MARKER}`,
      type: 'n8n-nodes-base.googleSheets',
      parameters: { documentId: SETTING_MARKER },
    },
    ...(extraStep
      ? [{ name: 'Skip paid ones', type: 'n8n-nodes-base.filter', parameters: { conditions: {} } }]
      : []),
    { name: 'Tell the team', type: 'n8n-nodes-base.slack', parameters: { text: 'Unpaid invoices today' } },
  ]);
}

/** The words of the story in each language (what the people in it write). */
const STORY = {
  en: {
    buyerName: 'Quyen Pham',
    buyerFirstName: 'Quyen',
    question: 'Does it work with several sheets?',
    answer: 'Yes: add one Google Sheets step per sheet.',
    changelog: 'Skips invoices that were paid overnight.',
  },
  vi: {
    buyerName: 'Phạm Ngọc Quyên',
    // A Vietnamese name puts the given name last.
    buyerFirstName: 'Quyên',
    question: 'Có dùng được với nhiều trang tính không?',
    answer: 'Có: thêm một bước Google Sheets cho mỗi trang tính.',
    changelog: 'Bỏ qua các hoá đơn đã được thanh toán trong đêm.',
  },
} as const;

/** An administrator approves the workflow's waiting submission from the moderation queue. */
async function approveInQueue(admin: ApiUser, t: Translate, title: string, notes?: string) {
  const page = admin.page;
  await page.goto('/admin');
  const item = page
    .getByTestId('moderation-item')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  // The reviewer reads what changed in the version before approving it.
  if (notes) await expect(item.getByTestId('version-notes')).toContainText(notes);
  await item.getByRole('button', { name: t('moderationQueue.approve') }).click();
  await expectToast(page, t('moderationQueue.approved', { title }));
}

/** The built-in test gateway: shows the amount, pays, and lands on the receipt. */
async function payOnTestGateway(page: Page, t: Translate, amount: string) {
  await expect(page).toHaveURL(/\/test-gateway\/pay\?/);
  await expect(page.getByTestId('gateway-amount')).toHaveText(amount);
  await page.getByRole('button', { name: t('testGateway.pay'), exact: true }).click();
  await expect(page.getByTestId('order-result')).toHaveText(t('orders.result.success'));
  await expect(page.getByTestId('receipt').getByTestId('order-state')).toHaveText(t('orders.states.paid'));
}

/** The unsubscribe address in a notification e-mail (its footer carries it, as does List-Unsubscribe). */
function unsubscribeLink(mail: string): string {
  const link = /https?:\/\/[^\s<>"]+\/api\/notifications\/unsubscribe\?token=[^\s<>"]+/.exec(mail)?.[0];
  expect(link, 'an unsubscribe link in the e-mail').toBeTruthy();
  return link!.replace(/&amp;/g, '&');
}

describeDesktopOnly(
  'a creator selling',
  'the selling journey runs at desktop width in both languages; its pages have phone journeys of their own',
  () => {
    // A step that cannot happen fails within a minute instead of waiting for the whole journey's limit.
    test.use({ actionTimeout: 60_000 });
    test('a stranger sees the structure; the seller lists three tiers, a code and a bundle; a buyer pays, upgrades and hears of the new version; a follower hears of the new listing; an unsubscribe link switches its kind off', async ({
      page,
      baseURL,
      uiLanguage,
      t,
      apiUser,
      pendingWorkflow,
    }, testInfo) => {
      // A guard against a hang on a loaded machine, not a speed test.
      test.setTimeout(480_000);
      const project = testInfo.project.name;
      const story = STORY[uiLanguage];
      const money = (amount: number) => formatVnd(amount, uiLanguage);
      const tierName = (tier: LicenceTier) => t(`buy.licences.${tier}`, { count: AGENCY_CLIENTS });
      const licenceOf = (tier: LicenceTier) => t('buy.licenceOf', { tier: t(`buy.tierNames.${tier}`) });
      const stamp = Date.now().toString(36);
      const title = `Invoice chaser ${project} ${stamp}`;

      // Everyone reads their e-mails in the project's language.
      const locale: UiLanguage = uiLanguage;
      const seller = await apiUser({ label: 'journey-seller', locale });
      const admin = await apiUser({ email: `journey-admin-${project}@e2e.test`, locale });
      const buyer = await apiUser({ label: 'journey-buyer', name: story.buyerName, locale });
      const follower = await apiUser({ label: 'journey-follower', locale });
      // The optional e-mails go only to those who agreed to them (silence is no consent): the buyer
      // agrees to update e-mails, the follower to new-listing e-mails, as on their privacy page.
      for (const [who, purpose] of [
        [buyer, 'workflow_update'],
        [follower, 'new_listing'],
      ] as const) {
        const agreed = await who.request.put('/api/me/consents', {
          headers: { origin: baseURL! },
          data: { purpose, granted: true },
        });
        expect(agreed.status(), await agreed.text()).toBe(200);
      }

      // ── b. The seller lists a paid workflow through the publishing form. ─────────────────────
      const sellerPage = seller.page;
      let workflowPath = '';
      let workflowId = '';
      await test.step('the seller publishes a paid workflow with three licences, screenshots and a FAQ', async () => {
        await sellerPage.goto('/workflows/new');
        await expect(sellerPage.getByRole('heading', { name: t('publish.pageTitle') })).toBeVisible();
        await sellerPage.locator('#wf-file').setInputFiles({
          name: 'invoice-chaser.json',
          mimeType: 'application/json',
          buffer: Buffer.from(invoiceChaserExport(title)),
        });
        await expect(sellerPage.getByTestId('file-check')).toContainText(
          t('publish.fileRecognised', { platform: 'n8n' }),
        );
        await sellerPage.getByLabel(t('publish.title'), { exact: true }).fill(title);
        // The price is the Personal licence's; the Commercial and Agency ones are priced below it.
        await sellerPage.locator('#wf-price').fill('150.000');
        await expect(sellerPage.locator('#wf-price-amount')).toHaveText(
          t('publish.priceIs', { price: money(PERSONAL) }),
        );
        const licences = sellerPage.getByRole('group', { name: t('publish.tiers.legend') });
        await licences.getByLabel(t('publish.tiers.commercialPrice')).fill('300.000');
        await licences.getByLabel(t('publish.tiers.agencyPrice')).fill('600.000');
        await licences.getByLabel(t('publish.tiers.agencyClients')).fill(String(AGENCY_CLIENTS));
        await sellerPage
          .getByRole('group', { name: t('publish.jobTypes') })
          .locator('label')
          .first()
          .click();
        await sellerPage.locator('#wf-cover').setInputFiles({
          name: 'cover.png',
          mimeType: 'image/png',
          buffer: await screenshotPng(sellerPage),
        });
        await sellerPage.locator('#wf-screenshots').setInputFiles([
          { name: 'screen-1.png', mimeType: 'image/png', buffer: await screenshotPng(sellerPage, 0, 0) },
          { name: 'screen-2.png', mimeType: 'image/png', buffer: await screenshotPng(sellerPage, 0, 300) },
        ]);
        await expect(
          sellerPage.getByRole('group', { name: t('listing.manageScreenshotsTitle') }).getByRole('listitem'),
        ).toHaveCount(2);
        await sellerPage.getByRole('button', { name: t('listing.addQuestion'), exact: true }).click();
        await sellerPage
          .getByLabel(t('listing.question', { number: 1 }), { exact: true })
          .fill(story.question);
        await sellerPage.getByLabel(t('listing.answer', { number: 1 }), { exact: true }).fill(story.answer);
        await sellerPage.getByRole('button', { name: t('publish.submit') }).click();
        await expectToast(sellerPage, t('publish.created'));
        await expect(sellerPage).toHaveURL(/\/workflows\/[a-z0-9-]+-[0-9a-f-]{36}$/);
        workflowPath = new URL(sellerPage.url()).pathname;
        workflowId = workflowPath.slice(-36);
      });

      await test.step('an administrator lists it', async () => {
        await approveInQueue(admin, t, title);
      });

      // ── a. A stranger (no session) sees the structure with app icons, never the settings. ────
      await test.step('a stranger sees the structure graph with app icons and no settings', async () => {
        const response = await page.goto(workflowPath);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        const block = page.getByTestId('buy-block');
        await expect(block.getByTestId('buy-price')).toHaveText(money(PERSONAL));
        // The three licences, each with its price, before signing in.
        for (const [tier, price] of [
          ['personal', PERSONAL],
          ['commercial', COMMERCIAL],
          ['agency', AGENCY],
        ] as const) {
          await expect(
            block.getByTestId('licence-choice').getByRole('radio', { name: tierName(tier), exact: true }),
          ).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(money(price))}`));
        }
        await page.getByTestId('preview-section').scrollIntoViewIfNeeded();
        const structure = page.getByTestId('structure-preview');
        await expect(structure).toContainText(t('preview.structureOnly'));
        const nodes = structure.getByTestId('preview-node');
        await expect(nodes).toHaveCount(3);
        // Each step is named by its app (never the author's name for it) and drawn with its icon.
        for (const [app, name] of [
          ['schedule', 'Schedule'],
          ['google-sheets', 'Google Sheets'],
          ['slack', 'Slack'],
        ]) {
          const node = nodes.filter({ hasText: name });
          await expect(node).toHaveCount(1);
          const icon = node.locator(`img[src="/api/icons/${app}.svg"]`);
          await expect(icon).toBeVisible();
          await expect
            .poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
            .toBeGreaterThan(0);
        }
        // A step opened: its app and node type, and that settings are for buyers only.
        await nodes.filter({ hasText: 'Slack' }).click();
        const details = page.getByTestId('node-details');
        await expect(details).toContainText('n8n-nodes-base.slack');
        await expect(details).toContainText(t('preview.settingsPaid'));
        await expect(page.getByRole('button', { name: t('detail.copyJson') })).toHaveCount(0);
        const structureAnswer = await page.request.get(`/api/workflows/${workflowId}/structure`);
        expect(structureAnswer.ok()).toBe(true);
        const shown = [await response!.text(), await page.content(), await structureAnswer.text()].join('\n');
        expect(shown).not.toContain(NAME_MARKER);
        expect(shown).not.toContain(SETTING_MARKER);
        expect(shown).not.toContain('Tell the team');

        // The listing's screenshots and FAQ, as the seller added them.
        await expect(page.getByTestId('screenshot-gallery').getByRole('img')).toHaveCount(2);
        const listingFaq = page.getByTestId('listing-faq');
        await listingFaq.getByText(story.question).click();
        await expect(listingFaq.getByText(story.answer)).toBeVisible();
      });

      // ── f. A follower follows the seller from the workflow's author card. ───────────────────
      await test.step('a follower follows the seller from the workflow page', async () => {
        await follower.page.goto(workflowPath);
        const follow = follower.page.getByRole('button', { name: t('follow.follow'), exact: true });
        await follow.click();
        await expectToast(follower.page, t('follow.followed'));
        await expect(
          follower.page.getByRole('button', { name: t('follow.following'), exact: true }),
        ).toHaveAttribute('aria-pressed', 'true');
      });

      // ── b. A discount code on My sales. ───────────────────────────────────────────────────────
      const code = `LAUNCH${stamp.toUpperCase()}`.slice(0, 20);
      await test.step('the seller creates a discount code', async () => {
        await sellerPage.goto('/me/sales');
        const panel = sellerPage.getByTestId('discount-codes');
        await panel.getByLabel(t('sales.discountCodes.code'), { exact: true }).fill(code);
        await panel
          .getByRole('combobox', { name: new RegExp(`^${escapeRegExp(t('sales.discountCodes.kind'))}`) })
          .selectOption('percent');
        await panel.getByLabel(t('sales.discountCodes.value'), { exact: true }).fill(String(PERCENT_OFF));
        await panel.getByLabel(t('sales.discountCodes.maxUses'), { exact: true }).fill('10');
        // Only for this listing (the second one, made below, keeps its full price).
        await panel.getByRole('radio', { name: t('sales.discountCodes.scopeSome') }).check();
        await panel
          .getByRole('group', { name: t('sales.discountCodes.workflows') })
          .getByRole('checkbox', { name: title })
          .check();
        await panel.getByRole('button', { name: t('sales.discountCodes.create') }).click();
        await expectToast(sellerPage, t('sales.discountCodes.created'));
        const row = panel
          .getByRole('list', { name: t('sales.discountCodes.listLabel') })
          .getByRole('listitem')
          .filter({ hasText: code });
        await expect(row).toContainText(t('sales.discountCodes.uses', { uses: 0, max: 10 }));
        await expect(row).toContainText(t('sales.discountCodes.covers', { names: title }));
      });

      // ── f. The seller's next listing reaches the follower. ────────────────────────────────────
      const secondTitle = `Receipt filer ${project} ${stamp}`;
      await test.step("the seller's new listing is approved and the follower is told", async () => {
        // API: the publishing form was walked above; this second listing only needs to exist.
        const second = await pendingWorkflow({
          author: seller,
          title: secondTitle,
          description: 'Files every receipt in the right folder.',
          price: SECOND_PRICE,
        });
        await approveInQueue(admin, t, secondTitle);
        const mail = await mailContaining(follower.email, secondTitle);
        expect(mail).toContain(`${baseURL}${second.path}`);
        expect(mail).not.toContain(title);
      });

      // ── b. A bundle of the two. ───────────────────────────────────────────────────────────────
      let bundleSlug = '';
      await test.step('the seller bundles the two workflows', async () => {
        const bundleTitle = `Bookkeeping pack ${stamp}`;
        await sellerPage.goto('/me/sales');
        const bundles = sellerPage.getByTestId('seller-bundles');
        await bundles.getByRole('button', { name: t('sales.bundles.new') }).click();
        const form = bundles.getByRole('form', { name: t('sales.bundles.newTitle') });
        await form.getByLabel(t('sales.bundles.name')).fill(bundleTitle);
        await form.getByLabel(t('sales.bundles.description')).fill(story.answer);
        const items = form.getByRole('group', { name: t('sales.bundles.items') });
        await items.getByRole('checkbox', { name: title }).check();
        await items.getByRole('checkbox', { name: secondTitle }).check();
        await form.getByLabel(t('sales.bundles.price')).fill('200.000');
        await expect(form.getByTestId('bundle-sum')).toContainText(money(PERSONAL + SECOND_PRICE));
        await form.getByRole('button', { name: t('sales.bundles.create') }).click();
        await expectToast(sellerPage, t('sales.bundles.created'));
        const listedBundle = bundles.getByTestId('seller-bundle').filter({ hasText: bundleTitle });
        await expect(listedBundle).toContainText(
          t('sales.bundles.priceAgainst', {
            price: money(BUNDLE_PRICE),
            separately: money(PERSONAL + SECOND_PRICE),
          }),
        );
        bundleSlug = new URL(
          (await listedBundle.getByRole('link', { name: bundleTitle }).getAttribute('href'))!,
          baseURL,
        ).pathname.replace(/^\/bundles\//, '');
        // A visitor sees it on its own page.
        await page.goto(`/bundles/${bundleSlug}`);
        const offer = page.getByTestId('bundle-buy');
        await expect(offer).toContainText(money(PERSONAL + SECOND_PRICE));
        await expect(offer).toContainText(money(BUNDLE_PRICE));
        await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
        await expect(page.getByRole('article').filter({ hasText: secondTitle })).toBeVisible();
        // And finds it by its words in the catalogue, above the workflows, as a bundle card.
        await page.goto(`/workflows?search=${encodeURIComponent(`bookkeeping ${stamp}`)}`);
        await expect(
          page.getByTestId('bundle-strip').getByRole('article').filter({ hasText: bundleTitle }),
        ).toBeVisible();
      });

      // ── c. The buyer picks Commercial, applies the code, sees the new price, pays. ────────────
      const buyerPage = buyer.page;
      await test.step('the buyer uses the code and buys the Commercial licence', async () => {
        await buyerPage.goto(workflowPath);
        const block = buyerPage.getByTestId('buy-block');
        const tiers = block.getByTestId('licence-choice');
        for (const [tier, price] of [
          ['personal', PERSONAL],
          ['commercial', COMMERCIAL],
          ['agency', AGENCY],
        ] as const) {
          await expect(
            tiers.getByRole('radio', { name: tierName(tier), exact: true }),
          ).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(money(price))}`));
        }
        await tiers.getByRole('radio', { name: tierName('commercial'), exact: true }).check();
        await expect(block.getByTestId('buy-price')).toHaveText(money(COMMERCIAL));
        await block.getByTestId('discount-code').fill(code.toLowerCase());
        await block.getByRole('button', { name: t('buy.applyCode') }).click();
        await expect(block.getByTestId('quote-detail')).toHaveText(
          t('buy.discounted', { code, amount: money(DISCOUNT), list: money(COMMERCIAL) }),
        );
        await expect(block.getByTestId('buy-price')).toHaveText(money(PAID));
        await block.getByRole('button', { name: t('buy.buy'), exact: true }).click();
        await payOnTestGateway(buyerPage, t, money(PAID));
        const receipt = buyerPage.getByTestId('receipt');
        await expect(receipt.getByTestId('receipt-amount')).toHaveText(money(PAID));
        await expect(receipt.getByTestId('receipt-licence')).toHaveText(licenceOf('commercial'));
        await expect(receipt).toContainText(code);
      });

      // ── d. The seller hears of the sale: amount, net, the buyer's first name only. ────────────
      await test.step('the seller gets the sale e-mail', async () => {
        // Picked by the net, which only the sale e-mail carries (the approval e-mail names the title too).
        const mail = await mailContaining(seller.email, money(NET));
        expect(mail).toContain(title);
        expect(mail).toContain(money(PAID));
        expect(mail).toContain(story.buyerFirstName);
        expect(mail).not.toContain(story.buyerName);
        expect(mail).not.toContain(buyer.email);
        // The code's use is counted on My sales.
        await sellerPage.goto('/me/sales');
        await expect(
          sellerPage
            .getByTestId('discount-codes')
            .getByRole('list', { name: t('sales.discountCodes.listLabel') })
            .getByRole('listitem')
            .filter({ hasText: code }),
        ).toContainText(t('sales.discountCodes.uses', { uses: 1, max: 10 }));
      });

      // ── c. Later, the buyer upgrades to Agency and pays only the difference. ──────────────────
      await test.step('the buyer upgrades to the Agency licence, paying the difference', async () => {
        // From the library: the upgrade it offers names the tier and the difference.
        await buyerPage.goto('/me/purchases');
        let row = buyerPage.getByTestId('purchase').filter({ hasText: title });
        await expect(row.getByTestId('purchase-licence')).toHaveText(licenceOf('commercial'));
        const difference = money(AGENCY - COMMERCIAL);
        await row
          .getByTestId('purchase-upgrade')
          .filter({
            hasText: t('purchases.upgradeTo', { tier: t('buy.tierNames.agency'), amount: difference }),
          })
          .click();
        await expect(buyerPage).toHaveURL(new RegExp(`${escapeRegExp(workflowPath)}\\?licence=agency`));
        await expect(buyerPage.getByTestId('held-licence')).toHaveText(
          t('buy.heldLicence', { tier: t('buy.tierNames.commercial') }),
        );
        const upgrade = buyerPage.getByTestId('upgrade-block');
        await expect(upgrade.getByTestId('buy-price')).toHaveText(difference);
        await upgrade
          .getByRole('button', { name: t('buy.upgradeTo', { tier: t('buy.tierNames.agency') }) })
          .click();
        await payOnTestGateway(buyerPage, t, difference);
        await expect(buyerPage.getByTestId('receipt-licence')).toHaveText(
          `${licenceOf('agency')} (${t('orders.upgradeFrom', { tier: licenceOf('commercial') })})`,
        );
        await buyerPage.goto('/me/purchases');
        row = buyerPage.getByTestId('purchase').filter({ hasText: title });
        await expect(row.getByTestId('purchase-licence')).toHaveText(licenceOf('agency'));
        await expect(row.getByTestId('purchase-upgrade')).toHaveCount(0);
        // The upgrade is a sale of its own for the seller: the difference, and their net of it.
        const upgradeMail = await mailContaining(seller.email, money(netOf(AGENCY - COMMERCIAL)));
        expect(upgradeMail).toContain(title);
        expect(upgradeMail).toContain(money(AGENCY - COMMERCIAL));
      });

      // ── e. A new version with what changed; the buyer hears of it. ───────────────────────────
      let updateMail = '';
      await test.step('the seller publishes version 1.1 with a changelog; the buyer gets it by e-mail', async () => {
        await sellerPage.goto(`${workflowPath}/edit`);
        await sellerPage.getByLabel(t('manage.versionLabel')).fill('1.1');
        await sellerPage.getByLabel(t('listing.notesLabel'), { exact: true }).fill(story.changelog);
        await sellerPage.locator('#version-file').setInputFiles({
          name: 'invoice-chaser-1.1.json',
          mimeType: 'application/json',
          buffer: Buffer.from(invoiceChaserExport(title, true)),
        });
        // The browser checks the file first, as the seller sees.
        await expect(sellerPage.getByTestId('file-check')).toContainText(
          t('publish.fileRecognised', { platform: 'n8n' }),
        );
        await sellerPage.getByRole('button', { name: t('manage.uploadVersion') }).click();
        await expectToast(sellerPage, t('manage.versionUploaded', { version: '1.1' }));
        await approveInQueue(admin, t, title, story.changelog);
        updateMail = await mailContaining(buyer.email, story.changelog);
        expect(updateMail).toContain(title);
        expect(updateMail).toContain('1.1');
      });

      // ── g. The unsubscribe link in that e-mail switches updates off. ──────────────────────────
      await test.step('the unsubscribe link turns update e-mails off, as the settings page shows', async () => {
        const link = unsubscribeLink(updateMail);
        // The link's page is served by the API (a plain form, not the app): a tab of its own.
        const mailTab = await buyer.context.newPage();
        await mailTab.goto(link);
        await expect(mailTab.locator('html')).toHaveAttribute('lang', uiLanguage);
        await mailTab.getByRole('button').click();
        await expect(mailTab.getByRole('status')).toBeVisible();
        // A link works once: used again, it is refused.
        await mailTab.goto(link);
        await mailTab.getByRole('button').click();
        await expect(mailTab.getByRole('alert')).toBeVisible();
        await mailTab.close();

        await buyerPage.goto('/me/settings/notifications');
        const setting = (key: string) =>
          buyerPage.getByRole('switch', { name: new RegExp(`^${escapeRegExp(t(key))}`) });
        await expect(setting('notifications.settings.update')).not.toBeChecked();
        await expect(setting('notifications.settings.sale')).toBeChecked();
        await expect(setting('notifications.settings.newListing')).toBeChecked();
      });
    });
  },
);

import type { Page } from '@playwright/test';
import { formatVnd } from '@flowbay/domain/price';
import { expect, test } from './api-fixtures';
import { describeDesktopOnly } from './fixtures';
import {
  chainExport,
  expectAccessibleSettled as expectAccessible,
  expectToast,
  newContextIn,
  screenshotPng,
} from './signed-in-helpers';

/** Issue 12, "seller tools that cannot mislead", as a seller and a moderator meet them. */

/** A clean n8n export (no secrets): schedule → Google Sheets → Slack. */
function cleanExport(name: string): string {
  return chainExport(name, [
    { name: 'Every morning', type: 'n8n-nodes-base.scheduleTrigger' },
    { name: 'Read orders', type: 'n8n-nodes-base.googleSheets' },
    { name: 'Tell the team', type: 'n8n-nodes-base.slack' },
  ]);
}

const fileError = (page: Page, id: string) => page.locator(`#${id}-error`);
/** By its heading: another item may name this workflow too, as a copy it resembles. */
const moderationItem = (page: Page, title: string) =>
  page.getByTestId('moderation-item').filter({ has: page.getByRole('heading', { name: title }) });

// On phones: the seller journey runs at desktop width in both languages; the forms are the same on a
// phone.
describeDesktopOnly('seller tools that cannot mislead', 'the seller forms are the same on phones', () => {
  test('a seller types "99.000", picks broken files, then changes the listing\'s cover and use cases', async ({
    browser,
    uiLanguage,
    t,
    apiUser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const project = testInfo.project.name;
    const title = `E2E ${project} morning orders ${Date.now().toString(36)}`;
    const seller = await apiUser({ label: 'seller' });
    const page = seller.page;
    await page.goto('/workflows/new');
    await expect(page.getByRole('heading', { name: t('publish.pageTitle') })).toBeVisible();

    // Each broken file is named at the field the moment it is chosen, before any submit.
    const filePicker = page.locator('#wf-file');
    const broken: [string, Buffer, string][] = [
      ['broken.json', Buffer.from('{"nodes": ['), t('errors.INVALID_JSON')],
      ['empty.json', Buffer.from(''), t('errors.EMPTY_FILE')],
      ['settings.json', Buffer.from('{"theme": "dark"}'), t('errors.NOT_A_WORKFLOW')],
      [
        'photo.json',
        await page.screenshot({ clip: { x: 0, y: 0, width: 64, height: 64 } }),
        t('publish.imageNotWorkflow'),
      ],
    ];
    for (const [name, buffer, message] of broken) {
      await filePicker.setInputFiles({ name, mimeType: 'application/json', buffer });
      await expect(fileError(page, 'wf-file')).toHaveText(message);
      await expect(filePicker).toHaveAttribute('aria-invalid', 'true');
    }
    await expectAccessible(page);

    // A good file: recognised, and the platform is taken from it (the others cannot be chosen).
    await filePicker.setInputFiles({
      name: 'morning-orders.json',
      mimeType: 'application/json',
      buffer: Buffer.from(cleanExport(title)),
    });
    await expect(fileError(page, 'wf-file')).toHaveCount(0);
    await expect(page.getByTestId('file-check')).toContainText(
      t('publish.fileRecognised', { platform: 'n8n' }),
    );
    const platforms = page.getByRole('group', { name: t('publish.platforms.label') });
    await expect(platforms.getByRole('checkbox', { name: 'n8n' })).toBeChecked();
    await expect(platforms.getByRole('checkbox', { name: 'Zapier' })).toBeDisabled();

    // The price the Vietnamese way: "99.000" is 99,000 VNĐ, shown while typing.
    await page.getByLabel(t('publish.title'), { exact: true }).fill(title);
    const price = page.getByLabel(t('publish.price'));
    await price.fill('99');
    await page.getByRole('button', { name: t('publish.submit') }).click();
    await expect(fileError(page, 'wf-price')).toHaveText(t('validation.priceMin'));
    await price.fill('99.000');
    await expect(page.locator('#wf-price-amount')).toHaveText(
      t('publish.priceIs', { price: formatVnd(99_000, uiLanguage) }),
    );
    const useCases = page.getByRole('group', { name: t('publish.jobTypes') });
    await useCases.locator('label').first().click();
    await page.locator('#wf-cover').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await screenshotPng(page),
    });
    await page.getByRole('button', { name: t('publish.submit') }).click();
    await expectToast(page, t('publish.created'));
    await expect(page).toHaveURL(/\/workflows\/[a-z0-9-]+-[0-9a-f-]{36}$/);
    const workflowUrl = new URL(page.url()).pathname;
    const workflowId = workflowUrl.slice(-36);
    await expect(page.getByText(formatVnd(99_000, uiLanguage)).first()).toBeVisible();
    const created = await (await page.request.get(`/api/workflows/${workflowId}`)).json();
    expect(created.price).toBe(99_000);

    // A moderator lists it.
    const moderator = await apiUser({ email: `seller-admin-${project}@e2e.test` });
    await moderator.page.goto('/admin');
    let item = moderationItem(moderator.page, title);
    await expect(item.getByTestId('platform-check')).toHaveText(
      t('moderationQueue.platformDeclaredDetected', { declared: 'n8n', detected: 'n8n' }),
    );
    await item.getByRole('button', { name: t('moderationQueue.approve') }).click();
    await expectToast(moderator.page, t('moderationQueue.approved', { title }));

    // The seller changes the listed workflow's cover and use cases; they wait for review.
    await page.goto(`${workflowUrl}/edit`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const editUseCases = page.getByRole('group', { name: t('publish.jobTypes') });
    const useCaseLabels = editUseCases.locator('label');
    const before = (await useCaseLabels.first().textContent())!.trim();
    const after = (await useCaseLabels.nth(2).textContent())!.trim();
    await useCaseLabels.first().click();
    await useCaseLabels.nth(2).click();
    await expect(editUseCases.getByRole('checkbox', { name: after })).toBeChecked();
    await expect(editUseCases.getByRole('checkbox', { name: before })).not.toBeChecked();
    await page.locator('#manage-cover').setInputFiles({
      name: 'new-cover.png',
      mimeType: 'image/png',
      buffer: await screenshotPng(page, 200, 200),
    });
    await page.getByRole('button', { name: t('manage.save') }).click();
    await expectToast(page, t('manage.savedAwaitingModeration'));
    await expectAccessible(page);
    const listedCover = created.cover_image_url as string;
    expect((await (await page.request.get(`/api/workflows/${workflowId}`)).json()).cover_image_url).toBe(
      listedCover,
    );

    await moderator.page.reload();
    item = moderationItem(moderator.page, title);
    await expect(item).toContainText(t('moderationQueue.kind.update'));
    await item.getByRole('button', { name: t('moderationQueue.approve') }).click();
    await expectToast(moderator.page, t('moderationQueue.approved', { title }));
    await moderator.context.close();

    // The public page now shows the new use case and the new cover.
    const visitor = await newContextIn(browser, uiLanguage);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(workflowUrl);
    await expect(visitorPage.getByRole('heading', { name: title })).toBeVisible();
    await expect(visitorPage.getByText(after, { exact: true }).first()).toBeVisible();
    const listed = await (await visitorPage.request.get(`/api/workflows/${workflowId}`)).json();
    expect(listed.cover_image_url).not.toBe(listedCover);
    expect(
      listed.workflow_subcategories.map((link: { subcategories: { name: string; name_vi: string } }) =>
        uiLanguage === 'vi' ? link.subcategories.name_vi : link.subcategories.name,
      ),
    ).toEqual([after]);
    await visitor.close();
  });
});

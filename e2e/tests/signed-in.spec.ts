import type { Page } from '@playwright/test';
import { expect, test } from './api-fixtures';
import {
  PASSWORD,
  escapeRegExp,
  expectAccessibleSettled as expectAccessible,
  expectToast,
  goViaMenu,
  logIn,
  n8nExport,
  newContextIn,
  openAccountMenu,
  screenshotPng,
  signUpAndConfirm,
  uniqueEmail,
} from './signed-in-helpers';

function fieldError(page: Page, id: string) {
  return page.locator(`#${id}-error`);
}

test.describe('signed-in journey', () => {
  test('author publishes, admin reviews, another user favourites, author deletes', async ({
    page,
    browser,
    uiLanguage,
    t,
    apiUser,
  }, testInfo) => {
    const skipReason =
      'the full journey runs at desktop width in both languages; the phone project checks the mobile menu below';
    test.skip(testInfo.project.name.startsWith('phone'), skipReason);
    test.setTimeout(300_000);
    const project = testInfo.project.name;
    const author = uniqueEmail('author', project);
    const admin = `admin-${project}@e2e.test`;
    const title = `E2E ${project} invoice alerts ${Date.now().toString(36)}`;

    // Sign up, the duplicate message, and the confirmation link from the outbox.
    await signUpAndConfirm(page, browser, t, author, uiLanguage);
    await expectAccessible(page);
    const signupForm = page.getByRole('form', { name: t('auth.signupTab') });
    await signupForm.getByLabel(t('auth.email'), { exact: true }).fill(author);
    await signupForm.getByLabel(t('auth.password')).fill(PASSWORD);
    await signupForm.getByRole('button', { name: t('auth.signup') }).click();
    await expectToast(page, t('errors.USER_ALREADY_EXISTS'));

    // The guard sends a visitor to /auth and back to where they were going after signing in.
    await page.goto('/workflows/new');
    await expect(page).toHaveURL(/\/auth$/);
    await logIn(page, t, author, 'not the password');
    await expectToast(page, t('errors.INVALID_EMAIL_OR_PASSWORD'));
    await logIn(page, t, author);
    await expect(page).toHaveURL(/\/workflows\/new$/);
    await expect(page.getByRole('heading', { name: t('publish.pageTitle') })).toBeVisible();

    // Profile.
    await goViaMenu(page, t, 'menu.editProfile');
    await expect(page.getByLabel(t('account.email'))).toHaveValue(author);
    await expect(page.getByLabel(t('account.email'))).toBeDisabled();
    await page.getByLabel(t('settings.displayName')).fill('Ngọc Anh Trần');
    await page.getByRole('button', { name: t('account.update') }).click();
    await expectToast(page, t('account.updated'));
    await expectAccessible(page);

    // Create a paid workflow with a cover, meeting every validation message of section 5 on the way.
    await goViaMenu(page, t, 'menu.createWorkflow');
    const submit = page.getByRole('button', { name: t('publish.submit') });
    await submit.click();
    await expect(fieldError(page, 'wf-title')).toHaveText(t('validation.titleMin'));
    await expect(fieldError(page, 'wf-platforms')).toHaveText(t('validation.platformRequired'));
    await expect(fieldError(page, 'wf-job-types')).toHaveText(t('validation.jobTypeRequired'));
    await expect(fieldError(page, 'wf-file')).toHaveText(t('validation.fileRequired'));
    await expectAccessible(page);
    await page.getByLabel(t('publish.description'), { exact: true }).fill('x'.repeat(20_001));
    await page.getByLabel(t('publish.price')).fill('-1');
    await submit.click();
    await expect(fieldError(page, 'wf-description')).toHaveText(t('validation.descriptionMax'));
    await expect(fieldError(page, 'wf-price')).toHaveText(t('validation.priceNonNegative'));
    await page.getByLabel(t('publish.price')).fill('50000');
    await expect(page.getByText(t('publish.coverHelpPaid'))).toBeVisible();
    await submit.click();
    await expect(fieldError(page, 'wf-cover')).toHaveText(t('validation.coverRequired'));

    await page.getByLabel(t('publish.title'), { exact: true }).fill(title);
    await page
      .getByLabel(t('publish.description'), { exact: true })
      .fill('Posts a Slack message for every **new invoice**.');
    await page
      .getByRole('group', { name: t('publish.platforms.label') })
      .locator('label')
      .first()
      .click();
    await page
      .getByRole('group', { name: t('publish.jobTypes') })
      .locator('label')
      .first()
      .click();
    await page.locator('#wf-file').setInputFiles({
      name: 'invoice-alerts.json',
      mimeType: 'application/json',
      buffer: Buffer.from(n8nExport(title)),
    });
    const check = page.getByTestId('file-check');
    await expect(check).toContainText(t('publish.fileRecognised', { platform: 'n8n' }));
    await expect(check).toContainText(t('publish.secretsFound_one', { count: 1 }));
    await page
      .locator('#wf-cover')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await screenshotPng(page) });
    await submit.click();
    await expect(fieldError(page, 'wf-file')).toHaveText(t('publish.secretsBlock'));
    await check.getByLabel(t('publish.removeSecrets')).check();
    await submit.click();
    await expectToast(page, t('publish.created'));
    await expect(page).toHaveURL(/\/workflows\/[a-z0-9-]+-[0-9a-f-]{36}$/);
    const workflowUrl = new URL(page.url()).pathname;
    const workflowId = workflowUrl.slice(-36);
    await expect(page.getByTestId('moderation-notice')).toHaveText(t('moderation.notice.pending'));
    await expectAccessible(page);

    // The public cannot see it while it waits for review.
    const visitor = await newContextIn(browser, uiLanguage);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(workflowUrl);
    await expect(visitorPage.getByRole('heading', { name: t('detail.notFoundTitle') })).toBeVisible();
    expect((await visitorPage.request.get(`/api/workflows/${workflowId}`)).status()).toBe(404);

    // The administrator rejects it with a reason.
    const adminUser = await apiUser({ email: admin });
    const adminPage = adminUser.page;
    await adminPage.goto('/');
    await goViaMenu(adminPage, t, 'menu.moderation');
    await expect(adminPage.getByRole('heading', { name: t('moderationQueue.title') })).toBeVisible();
    let item = adminPage
      .getByTestId('moderation-item')
      .filter({ has: adminPage.getByRole('heading', { name: title }) });
    await expect(item).toContainText(t('moderationQueue.kind.new'));
    await expect(item).toContainText(t('moderationQueue.secretsRedacted_one', { count: 1 }));
    await item.getByRole('button', { name: t('moderationQueue.showPreview') }).click();
    await expect(item.locator('.react-flow')).toBeVisible();
    await expectAccessible(adminPage);
    await item.getByRole('button', { name: t('moderationQueue.reject') }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByRole('button', { name: t('moderationQueue.confirmReject') }).click();
    await expect(dialog.getByText(t('validation.reasonRequired'))).toBeVisible();
    const reason = 'The description does not say which Slack channel is used.';
    await dialog.getByLabel(t('moderationQueue.reason')).fill(reason);
    await dialog.getByRole('button', { name: t('moderationQueue.confirmReject') }).click();
    await expectToast(adminPage, t('moderationQueue.rejected', { title }));

    // The author reads the reason and uploads a new version.
    await goViaMenu(page, t, 'menu.myWorkflows');
    const row = page.getByTestId('my-workflow').filter({ hasText: title });
    await expect(row).toContainText(t('moderation.status.rejected'));
    await expect(row.getByTestId('rejection-reason')).toHaveText(
      t('moderation.rejectedWithReason', { reason }),
    );
    await expectAccessible(page);
    await row.getByRole('link', { name: t('account.manageNamed', { title }) }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('button', { name: t('manage.uploadVersion') }).click();
    await expect(fieldError(page, 'version-text')).toHaveText(t('validation.fileAndVersionRequired'));
    await page.getByLabel(t('manage.versionLabel')).fill('1.1');
    await page.getByLabel(t('listing.notesLabel'), { exact: true }).fill('Alerts go to a second channel.');
    await page.locator('#version-file').setInputFiles({
      name: 'invoice-alerts-1.1.json',
      mimeType: 'application/json',
      buffer: Buffer.from(n8nExport(title)),
    });
    await page.getByTestId('file-check').getByLabel(t('publish.removeSecrets')).check();
    await page.getByRole('button', { name: t('manage.uploadVersion') }).click();
    await expectToast(page, t('manage.versionUploaded', { version: '1.1' }));
    await expect(page.getByLabel(t('manage.versionLabel'))).toHaveValue('');
    await expect(page.locator('#version-file')).toHaveValue('');
    await expectAccessible(page);

    // The administrator approves; the workflow is listed.
    await adminPage.reload();
    item = adminPage
      .getByTestId('moderation-item')
      .filter({ has: adminPage.getByRole('heading', { name: title }) });
    await item.getByRole('button', { name: t('moderationQueue.approve') }).click();
    await expectToast(adminPage, t('moderationQueue.approved', { title }));
    await adminUser.context.close();
    await visitorPage.goto(`/workflows?search=${encodeURIComponent(title)}`);
    await expect(
      visitorPage.getByRole('link', { name: new RegExp(escapeRegExp(title)) }).first(),
    ).toBeVisible();
    await visitor.close();

    // Another user: no manage, can favourite, cannot download.
    const otherUser = await apiUser({ label: 'other' });
    const otherPage = otherUser.page;
    await otherPage.goto(`${workflowUrl}/edit`);
    await expect(otherPage.getByRole('heading', { name: t('manage.noAccessTitle') })).toBeVisible();
    await expect(otherPage.getByText(t('manage.noAccessText'))).toBeVisible();
    await otherPage.goto(workflowUrl);
    await expect(otherPage.getByRole('link', { name: t('detail.manage') })).toHaveCount(0);
    await expect(otherPage.getByTestId('buy-block')).toBeVisible();
    await expect(otherPage.getByRole('button', { name: t('detail.download'), exact: true })).toHaveCount(0);
    expect((await otherPage.request.get(`/api/workflows/${workflowId}/download`)).ok()).toBe(false);
    await otherPage.getByRole('button', { name: t('favorites.favorite') }).click();
    await expect(otherPage.getByRole('button', { name: t('favorites.favorited') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await goViaMenu(otherPage, t, 'menu.favorites');
    await expect(
      otherPage.getByRole('link', { name: new RegExp(escapeRegExp(title)) }).first(),
    ).toBeVisible();
    await otherUser.context.close();

    // The author deletes it (no bought warning: nobody has bought it; purchase_count is tested in the API tests).
    await page.goto(`${workflowUrl}/edit`);
    await page.getByRole('button', { name: t('manage.delete'), exact: true }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(t('manage.deleteIrreversible'));
    await expect(confirm).not.toContainText(t('manage.deleteBoughtWarning'));
    await expectAccessible(page);
    await confirm.getByRole('button', { name: t('manage.confirmDelete') }).click();
    await expectToast(page, t('manage.deleted'));
    await expect(page).toHaveURL(/\/workflows$/);

    // Sign-out.
    await goViaMenu(page, t, 'menu.logout');
    await expect(page.getByRole('link', { name: t('nav.login') })).toBeVisible();
  });

  test('phone: the account entries live in the menu sheet', async ({ t, apiUser }, testInfo) => {
    const skipReason = 'desktop projects run the full journey above';
    test.skip(!testInfo.project.name.startsWith('phone'), skipReason);
    const { email, page } = await apiUser({ label: 'phone' });
    await page.goto('/');
    const sheet = await openAccountMenu(page, t);
    await expect(sheet).toContainText(email);
    for (const key of [
      'menu.publicProfile',
      'menu.editProfile',
      'menu.createWorkflow',
      'menu.myWorkflows',
      'menu.favorites',
    ]) {
      await expect(sheet.getByRole('link', { name: t(key) })).toBeVisible();
    }
    await expect(sheet.getByRole('link', { name: t('menu.moderation') })).toHaveCount(0);
    await expectAccessible(page);
    await sheet.getByRole('button', { name: t('menu.logout') }).click();
    await expect(page.getByRole('button', { name: t('nav.openMenu') })).toBeVisible();
    await page.getByRole('button', { name: t('nav.openMenu') }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: t('nav.login') })).toBeVisible();
  });
});

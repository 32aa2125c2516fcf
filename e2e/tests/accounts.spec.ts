import { describeDesktopOnly, expect, test } from './fixtures';
import { confirmationMailLink, logIn, mailContaining, newContextIn, uniqueEmail } from './signed-in-helpers';

/** A 16×16 PNG: the server crops and resizes it to a square WebP avatar. */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWPQiDpBEmIY1RA1GkoawzVpAADQmEoQ5fKbfgAAAABJRU5ErkJggg==',
  'base64',
);
const FIRST_PASSWORD = 'lantern orchard cobalt 27';
const NEW_PASSWORD = 'harbour violet quiet 51';

// Skipped on phones: the account forms are the same components at every width (desktop runs both
// languages); the phone's account menu sheet is covered by signed-in.spec.ts.
describeDesktopOnly('an account a person manages', 'phone layout in signed-in.spec.ts', () => {
  test('sign up with a name, avatar, bio and links, change the password, export the data, delete the account', async ({
    page,
    browser,
    uiLanguage,
    t,
  }, testInfo) => {
    test.setTimeout(180_000);
    const email = uniqueEmail('account', testInfo.project.name);
    const name = uiLanguage === 'vi' ? 'Minh Thư Nguyễn' : 'Minh Thu Nguyen';

    // Sign-up: the name is suggested from the address, the person types their own; a common password is refused with the reason.
    await page.goto('/auth?tab=signup');
    const form = page.getByRole('form', { name: t('auth.signupTab') });
    await form.getByLabel(t('auth.email'), { exact: true }).fill(email);
    await expect(form.getByLabel(t('settings.displayName'))).toHaveValue(email.split('@')[0]!);
    await form.getByLabel(t('settings.displayName')).fill(name);
    await form.getByLabel(t('auth.password')).fill('password123');
    await form.getByRole('button', { name: t('auth.signup') }).click();
    await expect(page.getByText(t('errors.PASSWORD_TOO_COMMON'))).toBeVisible();
    await form.getByLabel(t('auth.password')).fill(FIRST_PASSWORD);
    await form.getByRole('button', { name: t('auth.signup') }).click();
    await expect(form.getByRole('status')).toContainText(email);

    const elsewhere = await newContextIn(browser, uiLanguage);
    const landing = await elsewhere.newPage();
    await landing.goto(await confirmationMailLink(email));
    await expect(landing.getByRole('heading', { name: t('auth.verifiedTitle') })).toBeVisible();
    await page.goto('/auth');
    await logIn(page, t, email, FIRST_PASSWORD);
    await expect(page).toHaveURL(/\/$/);

    // Profile: the name from sign-up, an uploaded avatar, a bio and links.
    await page.goto('/profile');
    await expect(page.getByLabel(t('settings.displayName'))).toHaveValue(name);
    await page.getByLabel(t('settings.avatarChoose')).setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: AVATAR_PNG,
    });
    await expect(page.getByText(t('settings.avatarUpdated'))).toBeVisible();
    await expect(page.locator('img[src^="/files/avatars/"]').first()).toBeVisible();
    const bio =
      uiLanguage === 'vi' ? 'Tự động hoá hoá đơn cho cửa hàng nhỏ.' : 'I automate invoices for small shops.';
    await page.getByLabel(t('settings.bio')).fill(bio);
    await page.getByLabel(t('settings.linkLabel', { number: 1 })).fill('https://minhthu.example.com/');
    await page.getByRole('button', { name: t('account.update') }).click();
    await expect(page.getByText(t('account.updated'))).toBeVisible();

    await page.getByRole('link', { name: t('account.viewPublicPage') }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText(bio)).toBeVisible();
    const link = page.getByRole('link', { name: 'minhthu.example.com' });
    await expect(link).toHaveAttribute('rel', /nofollow ugc/);
    const publicPath = new URL(page.url()).pathname;

    // Change the password: the other browser is signed out, an e-mail says so.
    await landing.goto('/profile');
    await expect(landing.getByLabel(t('settings.displayName'))).toHaveValue(name);
    await page.goto('/profile');
    await page.getByLabel(t('settings.currentPassword')).fill(FIRST_PASSWORD);
    await page.getByLabel(t('auth.newPassword'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(t('auth.confirmPassword')).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t('settings.changePassword') }).click();
    await expect(page.getByText(t('settings.passwordChanged'))).toBeVisible();
    await mailContaining(email, uiLanguage === 'vi' ? 'Mật khẩu đã được đổi' : 'Your password was changed');
    await landing.reload();
    await expect(landing).toHaveURL(/\/auth/);
    await elsewhere.close();

    // Export: prepared in the background, the link arrives by e-mail and downloads a zip.
    await page.getByRole('button', { name: t('settings.exportButton') }).click();
    await expect(page.getByText(t('settings.exportQueued', { email }))).toBeVisible();
    const exportMail = await mailContaining(email, '/api/profile/me/exports/');
    const exportUrl = /https?:\/\/\S+\/api\/profile\/me\/exports\/[^\s<>"]+/.exec(exportMail)![0];
    const archive = await page.request.get(exportUrl);
    expect(archive.status()).toBe(200);
    expect(archive.headers()['content-type']).toBe('application/zip');

    // Delete: confirmed with the password; signed out, and the public profile is gone.
    await page.getByLabel(t('settings.deletePassword')).fill(NEW_PASSWORD);
    await page.getByLabel(t('settings.deleteUnderstood')).check();
    await page.getByRole('button', { name: t('settings.deleteButton') }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: t('nav.login') }).first()).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth/);
    await page.goto(publicPath);
    await expect(page.getByRole('heading', { name: t('profile.notFoundTitle') })).toBeVisible();
    await page.goto('/auth');
    await logIn(page, t, email, NEW_PASSWORD);
    await expect(page.getByText(t('errors.INVALID_EMAIL_OR_PASSWORD'))).toBeVisible();
  });
});

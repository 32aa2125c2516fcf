import type { Page } from '@playwright/test';
import { clientAddressHeader, expect, expectAccessible, test } from './fixtures';
import { confirmationMailLink, PASSWORD, uniqueEmail } from './signed-in-helpers';
import { translator } from './translations';

interface Listed {
  id: string;
  slug: string;
  title: string;
}

/**
 * The cheapest listed paid workflow (these journeys only look at it, never buy it), its title as a
 * visitor reading `language` sees it (other journeys may have listed one of their own meanwhile).
 */
async function paidWorkflow(page: Page, language: 'en' | 'vi' = 'en'): Promise<Listed> {
  const answer = await page.request.get('/api/workflows?price=paid&sort=price_asc', {
    headers: { 'x-language': language },
  });
  expect(answer.ok()).toBe(true);
  const { workflows } = (await answer.json()) as { workflows: Listed[] };
  expect(workflows.length).toBeGreaterThan(0);
  return workflows[0]!;
}

const pathOf = (workflow: Listed) => `/workflows/${workflow.slug}-${workflow.id}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe("a new buyer's way back", () => {
  test('pressing Buy signed out, signing up and confirming the e-mail lands on the Buy step', async ({
    page,
    t,
  }, testInfo) => {
    test.setTimeout(120_000);
    const workflow = await paidWorkflow(page);
    const path = pathOf(workflow);
    const email = uniqueEmail('way-back', testInfo.project.name);

    await page.goto(path);
    await page
      .getByTestId('buy-block')
      .getByRole('button', { name: t('buy.buy'), exact: true })
      .click();
    // The sign-in page remembers the Buy step in its address, so it survives a reload and the e-mail.
    await expect(page).toHaveURL(/\/auth\?next=/);
    await page.reload();
    await page.getByRole('tab', { name: t('auth.signupTab') }).click();
    const form = page.getByRole('form', { name: t('auth.signupTab') });
    await form.getByLabel(t('auth.email'), { exact: true }).fill(email);
    await form.getByLabel(t('auth.password')).fill(PASSWORD);
    await form.getByRole('button', { name: t('auth.signup') }).click();
    await expect(form.getByRole('status')).toContainText(email);

    // The link opened on the same device: confirmed, signed in, and straight back to buying.
    await page.goto(await confirmationMailLink(email));
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}(\\?[^#]*)?#buy$`));
    const block = page.getByTestId('buy-block');
    await expect(block.getByRole('button', { name: t('buy.buy'), exact: true })).toBeVisible();
    await expect(block).toBeInViewport();
    // Signed in now: the page offers the account, not a log-in link.
    await expect(page.getByRole('link', { name: t('nav.login'), exact: true })).toHaveCount(0);
  });

  test('a Vietnamese visitor opening the confirmation link on a fresh device reads the page in Vietnamese and can continue to the workflow', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const vi = translator('vi');
    const workflow = await paidWorkflow(page, 'vi');
    const buyStep = `${pathOf(workflow)}#buy`;
    const email = uniqueEmail('way-back-vi', testInfo.project.name);
    // Signed up on one device in Vietnamese, from the workflow's Buy button.
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL! },
      data: {
        email,
        password: PASSWORD,
        name: 'Minh Thư',
        locale: 'vi',
        callbackURL: `/verify-email?next=${encodeURIComponent(buyStep)}`,
      },
    });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const link = await confirmationMailLink(email);

    // Another device: no cookie, no saved language, only a Vietnamese browser.
    const fresh = await browser.newContext({
      locale: 'vi-VN',
      extraHTTPHeaders: { 'Accept-Language': 'vi', ...clientAddressHeader() },
    });
    try {
      const landing = await fresh.newPage();
      await landing.goto(link);
      await expect(landing.locator('html')).toHaveAttribute('lang', 'vi');
      await expect(landing.getByRole('heading', { name: vi('auth.verifiedTitle') })).toBeVisible();
      const onward = landing.getByRole('link', {
        name: vi('auth.continueTo', { title: workflow.title }),
      });
      await expect(onward).toBeVisible();
      await expectAccessible(landing);
      await onward.click();
      await expect(landing).toHaveURL(new RegExp(`${escapeRegExp(pathOf(workflow))}#buy$`));
      await expect(
        landing.getByTestId('buy-block').getByRole('button', { name: vi('buy.buy'), exact: true }),
      ).toBeVisible();

      // A page opened without a language in its address follows the browser: the sign-in page too.
      const other = await browser.newContext({
        locale: 'vi-VN',
        extraHTTPHeaders: { 'Accept-Language': 'vi-VN,vi;q=0.9,en;q=0.5', ...clientAddressHeader() },
      });
      const signIn = await other.newPage();
      await signIn.goto('/auth');
      await expect(signIn.getByRole('heading', { level: 1, name: vi('auth.loginTitle') })).toBeVisible();
      await other.close();
    } finally {
      await fresh.close();
    }
  });

  test('a return path to another site is ignored: signing in stays on this site', async ({ page, t }) => {
    await page.goto(`/auth?next=${encodeURIComponent('//evil.example/steal')}`);
    await page.getByRole('tab', { name: t('auth.signupTab') }).click();
    // The address keeps no foreign return path when the tab changes.
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  });
});

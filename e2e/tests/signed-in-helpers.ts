import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  confirmationLink,
  decodeBase64Parts,
  decodeQuotedPrintable,
  mailsTo,
} from '../../scripts/lib/outbox';
import { clientAddressHeader, expectAccessible, type UiLanguage } from './fixtures';
import type { Translate } from './translations';

/**
 * Waits for an e-mail to `to` in the server's outbox folder (`$DATA_DIR/outbox`), newest first, in
 * which `pick` finds something, and answers what it found.
 */
async function newestMail(
  to: string,
  pick: (raw: string) => string | null,
  message: string,
  timeout: number,
): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the journeys need the server outbox');
  let found: string | null = null;
  await expect
    .poll(
      () => {
        const mails = mailsTo(dataDir, to);
        for (const raw of mails) {
          found = pick(raw);
          if (found !== null) return found;
        }
        return null;
      },
      { message, timeout },
    )
    .not.toBeNull();
  return found!;
}

/**
 * The address-confirmation link sent to `to`. Picked by its kind, not by being newest: mails are
 * queued and sent in no fixed order, and an administrator's address also receives moderation mail.
 */
export function confirmationMailLink(to: string): Promise<string> {
  return newestMail(to, confirmationLink, `the confirmation e-mail to ${to}`, 20_000);
}

/** The decoded text of the newest e-mail to `to` whose text contains `needle` (waits for it to arrive). */
export function mailContaining(to: string, needle: string): Promise<string> {
  return newestMail(
    to,
    (raw) => {
      const text = `${decodeQuotedPrintable(raw)}\n${decodeBase64Parts(raw)}`;
      return text.includes(needle) ? text : null;
    },
    `an e-mail to ${to} containing ${needle}`,
    20_000,
  );
}

export function uniqueEmail(label: string, project: string): string {
  return `${label}-${project}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@e2e.test`;
}

export const PASSWORD = 'correct horse battery';

/** Sign-up through the form, then the confirmation link opened in a separate browser (as from a phone). */
export async function signUpAndConfirm(
  page: Page,
  browser: Browser,
  t: Translate,
  email: string,
  language: UiLanguage,
) {
  await page.goto('/auth?tab=signup');
  const form = page.getByRole('form', { name: t('auth.signupTab') });
  await form.getByLabel(t('auth.email'), { exact: true }).fill(email);
  await form.getByLabel(t('auth.password')).fill(PASSWORD);
  await form.getByRole('button', { name: t('auth.signup') }).click();
  await expect(page.getByText(t('auth.signupSuccess'))).toBeVisible();
  await expect(form.getByRole('status')).toContainText(email);

  const link = await confirmationMailLink(email);
  const elsewhere = await newContextIn(browser, language);
  const landing = await elsewhere.newPage();
  await landing.goto(link);
  await expect(landing.getByRole('heading', { name: t('auth.verifiedTitle') })).toBeVisible();
  await elsewhere.close();
}

/** Another browser (another person), with the journey's UI language stored as a returning visitor has it. */
export async function newContextIn(browser: Browser, language: UiLanguage) {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    extraHTTPHeaders: clientAddressHeader(),
  });
  await context.addInitScript((stored) => localStorage.setItem('language', stored), language);
  return context;
}

export async function logIn(page: Page, t: Translate, email: string, password = PASSWORD) {
  const form = page.getByRole('form', { name: t('auth.loginTab') });
  await form.getByLabel(t('auth.email'), { exact: true }).fill(email);
  await form.getByLabel(t('auth.password')).fill(password);
  await form.getByRole('button', { name: t('auth.login') }).click();
}

/** Below the app's `md` breakpoint the account entries live in the menu sheet. */
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

export async function openAccountMenu(page: Page, t: Translate) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: t('nav.openMenu') }).click();
    return page.getByRole('dialog');
  }
  await page
    .getByRole('button', { name: new RegExp(escapeRegExp(t('menu.account', { name: '' }).trim())) })
    .click();
  return page.getByRole('menu');
}

/** Opens the account menu and follows one of its entries (links in the phone's menu sheet). */
export async function goViaMenu(page: Page, t: Translate, key: string) {
  const menu = await openAccountMenu(page, t);
  await menu.getByRole(isPhone(page) ? 'link' : 'menuitem', { name: t(key) }).click();
}

/**
 * Holds back the chunks whose URL matches `glob` for 1.5 s: a part hydrated late shows its server
 * markup, unresponsive, unless the page waits for it before saying it is interactive.
 */
export async function slowChunks(page: Page, glob: string) {
  await page.route(glob, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A small real n8n export (webhook → HTTP request → Slack) with an OpenAI key left in a header. */
export function n8nExport(name: string): string {
  return chainExport(name, [
    { name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, parameters: { path: 'incoming' } },
    {
      name: 'Call OpenAI',
      type: 'n8n-nodes-base.httpRequest',
      typeVersion: 4,
      parameters: {
        url: 'https://api.openai.com/v1/chat/completions',
        headerParameters: {
          parameters: [
            { name: 'Authorization', value: 'Bearer sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD' },
          ],
        },
      },
    },
    { name: 'Slack', type: 'n8n-nodes-base.slack', typeVersion: 2, parameters: { text: 'done' } },
  ]);
}

/** An account made over the API: sign-up, the confirmation link from the outbox, a bearer token. */
export async function confirmedAccount(
  request: APIRequestContext,
  email: string,
  origin: string,
  profile: { name?: string; locale?: UiLanguage } = {},
): Promise<string> {
  // This cookie jar may hold an earlier account's session: its writes carry the site's Origin, as a browser's.
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: {
      email,
      password: PASSWORD,
      name: profile.name ?? email.split('@')[0],
      // The language its e-mails are written in (else the one the request's headers ask for).
      ...(profile.locale ? { locale: profile.locale } : {}),
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  expect((await request.get(await confirmationMailLink(email), { maxRedirects: 0 })).status()).toBeLessThan(
    400,
  );
  const signIn = await request.post('/api/auth/sign-in/email', {
    headers: { origin },
    data: { email, password: PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  return signIn.headers()['set-auth-token']!;
}

/** Axe once the toasts are gone (sonner stacks older toasts at reduced opacity on purpose). */
export async function expectAccessibleSettled(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

export async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

interface Step {
  name: string;
  type: string;
  typeVersion?: number;
  parameters?: Record<string, unknown>;
}

/** A clean n8n export whose steps run one after the other (no secrets). */
export function chainExport(name: string, steps: Step[]): string {
  return JSON.stringify({
    name,
    nodes: steps.map((step, index) => ({
      id: String(index + 1),
      name: step.name,
      type: step.type,
      typeVersion: step.typeVersion ?? 1,
      position: [index * 220, 0],
      parameters: step.parameters ?? {},
    })),
    connections: Object.fromEntries(
      steps
        .slice(0, -1)
        .map((step, index) => [
          step.name,
          { main: [[{ node: steps[index + 1]!.name, type: 'main', index: 0 }]] },
        ]),
    ),
  });
}

/** A PNG of the page as it is (covers must be images). */
export function screenshotPng(page: Page, x = 0, y = 0): Promise<Buffer> {
  return page.screenshot({ clip: { x, y, width: 480, height: 270 } });
}

/** An upload through the API; answers its `upload://` reference. */
export async function uploadByApi(
  request: APIRequestContext,
  origin: string,
  folder: 'workflows' | 'covers',
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const answer = await request.post('/api/uploads', {
    headers: { origin },
    multipart: { folder, file },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { url: string }).url;
}

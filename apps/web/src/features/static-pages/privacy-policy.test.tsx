import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import pagesEn from '@/i18n/pages.en.json';
import pagesVi from '@/i18n/pages.vi.json';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { LegalPage } from './legal-page';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

beforeAll(async () => {
  await inLanguage('en');
  await i18n.loadNamespaces('pages');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => i18n.changeLanguage('en'));

/** The server's SUPPORT_EMAIL, as `GET /api/contact-address` answers it; the rest unanswered. */
function serverAddress(address: string | null) {
  return stubFetch((call) =>
    address && call.url.endsWith('/api/contact-address')
      ? Response.json({ support_email: address })
      : undefined,
  );
}

async function section(heading: RegExp) {
  const title = await screen.findByRole('heading', { name: heading });
  return title.closest('li')!;
}

const policyText = (pages: typeof pagesEn, id: string) =>
  pages.privacy.sections
    .filter((entry) => entry.id === id)
    .flatMap((entry) => [...entry.body, ...((entry as { ai?: string[] }).ai ?? [])])
    .join(' ');

describe('the privacy policy', () => {
  it('names the operator’s configured support address as the controller’s contact and for requests', async () => {
    const calls = serverAddress('privacy@operator.example');
    renderInApp(<LegalPage page="privacy" updated="2026-11-29" />, { path: '/privacy' });
    const controller = await section(/Who is responsible for your data/);
    await vi.waitFor(() => expect(controller.textContent).toContain('privacy@operator.example'));
    expect(controller.textContent).toContain('personal data controller');
    const rights = await section(/Your rights/);
    expect(rights.textContent).toContain('privacy@operator.example');
    expect(rights.textContent).toContain('/me/settings/privacy');
    expect(calls.map((call) => call.url)).toContain('/api/contact-address');
    expect(document.body.textContent).not.toContain('{{');
  });

  it('points to the contact page while the address is unknown, never showing a placeholder', async () => {
    serverAddress(null);
    renderInApp(<LegalPage page="privacy" updated="2026-11-29" />, { path: '/privacy' });
    const controller = await section(/Who is responsible for your data/);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(controller.textContent).toContain('the address shown on our contact page');
    expect(document.body.textContent).not.toContain('{{');
  });

  it('says it in Vietnamese too, with the address', async () => {
    await i18n.changeLanguage('vi');
    try {
      serverAddress('privacy@operator.example');
      renderInApp(<LegalPage page="privacy" updated="2026-11-29" />, { path: '/privacy' });
      const controller = await section(/Ai chịu trách nhiệm về dữ liệu của bạn/);
      await vi.waitFor(() => expect(controller.textContent).toContain('privacy@operator.example'));
      expect(controller.textContent).toContain('bên kiểm soát dữ liệu cá nhân');
      expect((await section(/Quyền của bạn/)).textContent).toContain('72 giờ');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('names, in both languages, every cookie the server and the web app set', () => {
    const constant = (path: string, name: string) => {
      const match = new RegExp(`${name} = '([^']+)'`).exec(read(path));
      expect(match, `${name} in ${path}`).not.toBeNull();
      return match![1]!;
    };
    const sessionCookies = [
      ...read('apps/server/src/modules/accounts/account.routes.ts').matchAll(/'(better-auth\.[a-z_]+)'/g),
    ].map((match) => match[1]!);
    expect(sessionCookies).toContain('better-auth.session_token');
    const cookies = [
      constant('apps/server/src/modules/accounts/sign-in-throttle.ts', 'DEVICE_COOKIE'),
      constant('apps/web/src/i18n/index.ts', 'LANGUAGE_COOKIE'),
      constant('apps/web/src/lib/n8n-release.ts', 'N8N_RELEASE_COOKIE'),
      // The session cookie, and the one a sign-in without "remember me" sets (no cookie cache is on).
      ...sessionCookies.filter((name) => name !== 'better-auth.session_data'),
    ];
    for (const pages of [pagesEn, pagesVi]) {
      const text = policyText(pages, 'cookies');
      for (const name of cookies) expect(text, name).toMatch(new RegExp(`(^|[^\\w.-])${name}\\b`));
    }
  });

  it('names, in both languages, each outside service the server can be set up to send personal data to', () => {
    const settings = read('apps/server/src/env.ts');
    // A setting of env.ts, and the name the policy gives the service it turns on.
    const services: [setting: string, name: RegExp][] = [
      ['VNPAY_TMN_CODE', /VNPay/],
      ['PAYOS_CLIENT_ID', /payOS/],
      ['PAYOS_PAYOUT_CLIENT_ID', /payOS/],
      ['STRIPE_SECRET_KEY', /Stripe/],
      ['GOOGLE_CLIENT_ID', /Google/],
      ['S3_ENDPOINT', /S3/],
      ['SMTP_URL', /SMTP/],
      ['REDIS_URL', /Redis/],
      ['TRANSLATE_URL', /LibreTranslate/],
      ['SEPAY_EINVOICE_CLIENT_ID', /SePay/],
      ['MAKE_API_URL', /Make/],
    ];
    for (const pages of [pagesEn, pagesVi]) {
      const text = ['payments', 'tax', 'sharing'].map((id) => policyText(pages, id)).join(' ');
      for (const [setting, name] of services) {
        expect(settings, setting).toContain(`${setting}:`);
        expect(text, setting).toMatch(name);
      }
      // The moderation model is named only in the paragraph shown while it is configured.
      const sharing = pages.privacy.sections.find((entry) => entry.id === 'sharing')!;
      expect(sharing.body.join(' ')).not.toMatch(/language-model|mô hình ngôn ngữ/);
      expect((sharing as { ai?: string[] }).ai?.join(' ')).toMatch(/language-model|mô hình ngôn ngữ/);
    }
  });
});

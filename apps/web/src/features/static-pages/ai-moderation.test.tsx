import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { LegalPage } from './legal-page';

beforeAll(async () => {
  await inLanguage('en');
  await i18n.loadNamespaces('pages');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => i18n.changeLanguage('en'));

/** The server says whether a language model takes part in moderation (`GET /api/checks`). */
function serverSays(aiModeration: boolean) {
  return stubFetch((call) =>
    call.url.endsWith('/api/checks') ? Response.json({ ai_moderation: aiModeration }) : undefined,
  );
}

async function moderationSection(heading: RegExp) {
  const title = await screen.findByRole('heading', { name: heading });
  return title.closest('li')!;
}

describe('what the terms say about automated checks and AI', () => {
  it('says the checks are automatic and use no AI while the language model is off', async () => {
    const calls = serverSays(false);
    renderInApp(<LegalPage page="terms" updated="2026-11-28" />, { path: '/terms' });
    const section = await moderationSection(/Moderation/);
    await vi.waitFor(() =>
      expect(section.textContent).toContain('no AI (language model) reads your workflow'),
    );
    expect(section.textContent).toContain('each workflow file is automatically checked');
    expect(section.textContent).toContain('webhooks and forms without authentication');
    expect(section.textContent).toContain('the n8n versions it runs on');
    expect(section.textContent).not.toMatch(/AI-assisted|\(AI\)/);
    expect(calls.map((call) => call.url)).toContain('/api/checks');
  });

  it('says moderation is AI-assisted only while the language model is on', async () => {
    serverSays(true);
    renderInApp(<LegalPage page="terms" updated="2026-11-28" />, { path: '/terms' });
    const section = await moderationSection(/Moderation/);
    await vi.waitFor(() => expect(section.textContent).toContain('Moderation is also AI-assisted'));
    expect(section.textContent).toContain('each workflow file is automatically checked');
    expect(section.textContent).not.toContain('no AI');
  });

  it('says the same in Vietnamese, in each state', async () => {
    await i18n.changeLanguage('vi');
    try {
      serverSays(false);
      renderInApp(<LegalPage page="terms" updated="2026-11-28" />, { path: '/terms' });
      let section = await moderationSection(/Kiểm duyệt/);
      await vi.waitFor(() => expect(section.textContent).toContain('không có AI (mô hình ngôn ngữ) nào'));
      expect(section.textContent).toContain('được kiểm tra tự động');
      expect(section.textContent).not.toContain('có AI hỗ trợ');
      cleanup();
      vi.unstubAllGlobals();

      serverSays(true);
      renderInApp(<LegalPage page="terms" updated="2026-11-28" />, { path: '/terms' });
      section = await moderationSection(/Kiểm duyệt/);
      await vi.waitFor(() => expect(section.textContent).toContain('Việc kiểm duyệt còn có AI hỗ trợ'));
      expect(section.textContent).not.toContain('không có AI');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('tells in the privacy policy that listing texts go to the model provider only while it is on', async () => {
    serverSays(true);
    renderInApp(<LegalPage page="privacy" updated="2026-11-28" />, { path: '/privacy' });
    const sharing = await moderationSection(/Sharing/);
    await vi.waitFor(() => expect(sharing.textContent).toContain('language-model provider'));
    cleanup();
    vi.unstubAllGlobals();

    const calls = serverSays(false);
    renderInApp(<LegalPage page="privacy" updated="2026-11-28" />, { path: '/privacy' });
    const without = await moderationSection(/Sharing/);
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/checks'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(without.textContent).not.toContain('language-model');
  });
});

import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { Component as FaqPage } from './faq';

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

describe('what the FAQ says about the checks', () => {
  async function checksAnswer() {
    fireEvent.click(await screen.findByRole('button', { name: 'How are workflows checked?' }));
    return screen.findByRole('region', { name: 'How are workflows checked?' });
  }

  it('answers "automatically checked, no AI" while the language model is off', async () => {
    serverSays(false);
    renderInApp(<FaqPage />, { path: '/faq' });
    const answer = await checksAnswer();
    await vi.waitFor(() => expect(answer.textContent).toContain('no AI is used'));
    expect(answer.textContent).toContain('automatically checked when it is uploaded');
    expect(answer.textContent).not.toContain('AI-assisted');
  });

  it('answers "AI-assisted" while it is on', async () => {
    serverSays(true);
    renderInApp(<FaqPage />, { path: '/faq' });
    const answer = await checksAnswer();
    await vi.waitFor(() => expect(answer.textContent).toContain('The review is also AI-assisted'));
    expect(answer.textContent).not.toContain('no AI');
  });
});

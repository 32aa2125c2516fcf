import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { Component as VerifyEmailPage } from './verify-email';

beforeAll(() => inLanguage('vi'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});
afterAll(() => i18n.changeLanguage('en'));

const BUY_STEP = '/workflows/slack-digest-42?licence=agency#buy';
const SESSION = {
  user: { id: 'u1', email: 'b@example.com', name: 'B', image: null, emailVerified: true, role: 'user' },
  session: { id: 's1' },
};

function stubSignedIn() {
  return stubFetch((call) => {
    if (call.url === '/api/auth/get-session') return Response.json(SESSION);
    if (call.url === '/api/workflows/slack-digest-42') return Response.json({ title: 'Tóm tắt Slack' });
    return undefined;
  });
}

function renderAt(path: string) {
  renderInApp(
    <Routes>
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/workflows/:ref" element={<p>Buy step</p>} />
    </Routes>,
    { path },
  );
}

describe('the confirmation page with a way back', () => {
  it('opened on another device: offers "Continue to <workflow>" leading to its Buy step', async () => {
    stubSignedIn();
    renderAt(`/verify-email?next=${encodeURIComponent(BUY_STEP)}&lang=vi`);
    const onward = await screen.findByRole('link', { name: 'Tiếp tục tới Tóm tắt Slack' });
    expect(onward.getAttribute('href')).toBe(BUY_STEP);
    // The seller's first steps are not what a buyer came for.
    expect(screen.queryByRole('link', { name: i18n.t('auth.completeProfile') })).toBeNull();
  });

  it('opened on the device that signed up: straight back to the Buy step', async () => {
    stubSignedIn();
    localStorage.setItem('flowbay.returnTo', BUY_STEP);
    renderAt(`/verify-email?next=${encodeURIComponent(BUY_STEP)}`);
    expect(await screen.findByText('Buy step')).toBeTruthy();
    expect(localStorage.getItem('flowbay.returnTo')).toBeNull();
  });

  it('ignores a way back to another site', async () => {
    stubSignedIn();
    renderAt(`/verify-email?next=${encodeURIComponent('//evil.example/steal')}`);
    expect(await screen.findByRole('link', { name: i18n.t('auth.completeProfile') })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /evil/ })).toBeNull();
    expect(document.querySelector('a[href*="evil"]')).toBeNull();
  });
});

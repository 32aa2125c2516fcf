import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLanguage } from '@/test/render';
import { RequireAuth, type AuthRedirectState } from './require-auth';

afterEach(() => vi.unstubAllGlobals());

function signedInAs(role: 'user' | 'admin' | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json(
        role
          ? {
              user: {
                id: 'u1',
                email: 'u1@example.com',
                name: 'U1',
                image: null,
                emailVerified: true,
                role,
                displayName: null,
              },
              session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
            }
          : null,
      ),
    ),
  );
}

function SignInPage() {
  const state = useLocation().state as AuthRedirectState | null;
  return <p>sign in, then back to {state?.from}</p>;
}

/** The router's shape: guarded pages are children of one guard layout route. */
function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<SignInPage />} />
          <Route element={<RequireAuth />}>
            <Route path="/me/purchases" element={<p>my purchases</p>} />
          </Route>
          <Route element={<RequireAuth admin />}>
            <Route path="/admin" element={<p>moderation queue</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('auth guard layout', () => {
  it.each([
    {
      case: 'sends a visitor to sign in, remembering the whole address',
      role: null,
      path: '/me/purchases?page=2#top',
      answer: () => screen.findByText('sign in, then back to /me/purchases?page=2#top'),
      page: 'my purchases',
    },
    {
      case: 'answers a non-admin on an admin page with no access',
      role: 'user',
      path: '/admin',
      answer: () => screen.findByRole('heading', { name: 'No access permission' }),
      page: 'moderation queue',
    },
  ] as const)('$case', async ({ role, path, answer, page }) => {
    await inLanguage('en');
    signedInAs(role);
    renderAt(path);
    expect(await answer()).toBeTruthy();
    expect(screen.queryByText(page)).toBeNull();
  });

  it.each([
    { case: 'shows a signed-in user the page', role: 'user', path: '/me/purchases', page: 'my purchases' },
    { case: 'lets an admin in', role: 'admin', path: '/admin', page: 'moderation queue' },
  ] as const)('$case', async ({ role, path, page }) => {
    await inLanguage('en');
    signedInAs(role);
    renderAt(path);
    expect(await screen.findByText(page)).toBeTruthy();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { PageErrorBoundary } from './route-error';

beforeAll(() => inLanguage('en'));

function Broken(): never {
  throw new Error('a page that cannot render');
}

function Pages() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary pathname={pathname}>
      <Routes>
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="/broken" element={<Broken />} />
      </Routes>
    </PageErrorBoundary>
  );
}

describe('a page that throws', () => {
  it('shows the error page, and going home renders the app again', async () => {
    // React reports the caught error on the console; that is expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderInApp(<Pages />, { path: '/broken' });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    quiet.mockRestore();
  });
});

import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '@flowbay/domain/routes';
import { inLanguage, renderInApp } from '@/test/render';
import { Component as AdminPage } from './admin';

beforeAll(() => inLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Whatever the admin page asks for answers an empty list. */
function stubApi() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url.startsWith('/api/admin/payment-incidents')) return Response.json({ incidents: [], total: 0 });
      if (url.startsWith('/api/admin/reviews'))
        return Response.json({ items: [], total: 0, page: 0, pageSize: 20 });
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
  return asked;
}

describe('the admin page', () => {
  it('has a Payment incidents tab, opened by the address the admins are e-mailed', async () => {
    const asked = stubApi();
    renderInApp(<AdminPage />, { path: paths.adminPaymentIncidents() });
    const tab = screen.getByRole('tab', { name: 'Payment incidents' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No payment incidents.')).toBeTruthy();
    expect(asked).toEqual(['/api/admin/payment-incidents?page=0']);
  });

  it('opens at the moderation queue on /admin', () => {
    stubApi();
    renderInApp(<AdminPage />, { path: paths.admin() });
    expect(screen.getByRole('tab', { name: 'Review queue' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Payment incidents' }).getAttribute('aria-selected')).toBe(
      'false',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { PAGES, STATIC_PUBLIC_PAGES, matchPage, paths } from './routes.ts';

describe('route table', () => {
  it('matches each address to its page, fixed segments before parameters', () => {
    expect(matchPage('/')).toEqual({ id: 'home', params: {} });
    expect(matchPage('/workflows/new').id).toBe('workflowNew');
    expect(matchPage('/workflows/sync-orders-1')).toEqual({
      id: 'workflow',
      params: { ref: 'sync-orders-1' },
    });
    expect(matchPage('/workflows/x-1/edit').id).toBe('workflowEdit');
    expect(matchPage('/profiles/L%C3%AA')).toEqual({ id: 'publicProfile', params: { id: 'Lê' } });
    expect(matchPage('/me/nothing').id).toBe('notFound');
  });

  it('builds addresses that match back to their pages', () => {
    expect(matchPage(paths.workflow('a-b', 'id1'))).toEqual({ id: 'workflow', params: { ref: 'a-b-id1' } });
    expect(matchPage(paths.orderReceipt('FB-1')).id).toBe('orderReceipt');
    expect(paths.catalog({ search: 'quản lý', page: undefined })).toBe(
      '/workflows?search=qu%E1%BA%A3n+l%C3%BD',
    );
    expect(paths.auth('signup')).toBe('/auth?tab=signup');
    expect(paths.adminTaxStatement('u 1', 2026)).toBe('/admin/sellers/u%201/tax-statement?year=2026');
    expect(matchPage(paths.adminTaxStatement('u1', 2026).split('?')[0]!)).toEqual({
      id: 'adminTaxStatement',
      params: { id: 'u1' },
    });
  });

  it('guards only pages the server never renders with data, and never the sign-in page itself', () => {
    const guarded = (Object.keys(PAGES) as (keyof typeof PAGES)[]).filter((id) => 'guard' in PAGES[id]);
    expect(guarded.sort()).toEqual(
      [
        'admin',
        'adminAudit',
        'adminInvoices',
        'adminPaymentIncidents',
        'adminPrivacyRequests',
        'adminTaxStatement',
        'favorites',
        'myWorkflows',
        'notifications',
        'notificationSettings',
        'orderReceipt',
        'privacySettings',
        'profile',
        'purchases',
        'sales',
        'taxStatement',
        'workflowEdit',
        'workflowNew',
      ].sort(),
    );
    for (const id of guarded) expect(PAGES[id].access, id).toBe('signed-in');
    expect(PAGES.admin).toMatchObject({ guard: 'admin' });
    expect(PAGES.adminPaymentIncidents).toMatchObject({ guard: 'admin' });
    expect(PAGES.adminInvoices).toMatchObject({ guard: 'admin' });
    expect(PAGES.adminTaxStatement).toMatchObject({ guard: 'admin' });
    expect(PAGES.adminPrivacyRequests).toMatchObject({ guard: 'admin' });
    expect(matchPage(paths.privacySettings()).id).toBe('privacySettings');
    expect(matchPage(paths.adminPrivacyRequests()).id).toBe('adminPrivacyRequests');
    expect(PAGES.adminAudit).toMatchObject({ guard: 'admin' });
    expect(paths.adminAudit({ action: 'order.refund', q: undefined })).toBe(
      '/admin/audit?action=order.refund',
    );
  });

  it('lists only public, indexable, parameterless pages as static', () => {
    expect(STATIC_PUBLIC_PAGES.map((id) => PAGES[id].pattern)).toEqual([
      '/',
      '/workflows',
      '/guide',
      '/contact',
      '/faq',
      '/terms',
      '/privacy',
    ]);
  });
});

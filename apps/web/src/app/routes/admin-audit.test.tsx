import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGES } from '@flowbay/domain/routes';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { Component as AdminAuditPage } from './admin-audit';

beforeAll(() => inLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

const PAGE = {
  events: [
    {
      id: '2',
      occurred_at: '2026-11-28T08:30:00.000Z',
      actor_id: 'admin-1',
      actor_label: 'lan@flowbay.example',
      action: 'order.refund',
      subject_type: 'order',
      subject_id: 'FB-1234',
      before: { state: 'paid', amount: 150000 },
      after: { state: 'refunded', amount: 150000 },
      note: 'Asked by the buyer',
    },
    {
      id: '1',
      occurred_at: '2026-11-27T02:00:00.000Z',
      actor_id: null,
      actor_label: 'cli',
      action: 'role.grant',
      subject_type: 'user',
      subject_id: 'user-9',
      before: { role: 'user' },
      after: { role: 'admin' },
      note: null,
    },
  ],
  total: 2,
  page: 0,
  page_size: 50,
};

function openPage(path: string) {
  return renderInApp(
    <Routes>
      <Route path={PAGES.adminAudit.pattern} element={<AdminAuditPage />} />
    </Routes>,
    { path },
  );
}

describe('the audit trail page', () => {
  it('shows who did what, in words, before → after, with links and a CSV export of the same filters', async () => {
    const calls = stubFetch((call) =>
      call.url.startsWith('/api/admin/audit') ? Response.json(PAGE) : undefined,
    );
    openPage('/admin/audit?action=order.refund&actor=lan');
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    expect(calls.map((call) => call.url)).toContain('/api/admin/audit?action=order.refund&actor=lan&page=0');
    const refund = within(rows[0]!);
    expect(refund.getByRole('rowheader').textContent).toBe('Refunded an order');
    expect(refund.getByText('lan@flowbay.example')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('state: paid, amount: 150000 → state: refunded, amount: 150000');
    expect(within(rows[1]!).getByText('Command line')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Account user-9' }).getAttribute('href')).toBe(
      '/profiles/user-9',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/audit.csv?action=order.refund&actor=lan',
    );
    expect(screen.getByRole('heading', { name: 'Audit trail' })).toBeTruthy();
  });

  it('applies the filters the admin picks to the list and the export', async () => {
    const calls = stubFetch((call) =>
      call.url.startsWith('/api/admin/audit') ? Response.json(PAGE) : undefined,
    );
    openPage('/admin/audit');
    await screen.findAllByTestId('audit-row');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'payout.paid' } });
    fireEvent.change(screen.getByLabelText('Words in the note'), { target: { value: 'FT26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await vi.waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/admin/audit?action=payout.paid&q=FT26&page=0'),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/audit.csv?action=payout.paid&q=FT26',
    );
  });

  it('in Vietnamese, names the page and the actions in Vietnamese', async () => {
    await inLanguage('vi');
    stubFetch((call) => (call.url.startsWith('/api/admin/audit') ? Response.json(PAGE) : undefined));
    openPage('/admin/audit');
    const rows = await screen.findAllByTestId('audit-row');
    expect(screen.getByRole('heading', { name: 'Nhật ký kiểm toán' })).toBeTruthy();
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Hoàn tiền đơn hàng');
    expect(within(rows[1]!).getByText('Dòng lệnh')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Xuất CSV' })).toBeTruthy();
    await inLanguage('en');
  });
});

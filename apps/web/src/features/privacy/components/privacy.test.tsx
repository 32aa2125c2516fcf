import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { AdminPrivacyQueue } from './admin-privacy-queue';
import { ConsentSettings } from './consent-settings';
import { DataRequests } from './data-requests';

afterEach(async () => {
  vi.unstubAllGlobals();
  await inLanguage('en');
});

type Consent = { purpose: string; granted: boolean; since: string | null; text_version: string | null };

/** The consents API: answers what it holds and records a PUT as the server would. */
function consentsApi(initial: Record<string, boolean> = {}) {
  const state: Consent[] = ['marketing', 'workflow_update', 'new_listing'].map((purpose) => ({
    purpose,
    granted: initial[purpose] ?? false,
    since: purpose in initial ? '2026-11-29T03:00:00.000Z' : null,
    text_version: purpose in initial ? '2026-11-29' : null,
  }));
  return stubFetch((call) => {
    if (call.url === '/api/me/consents') {
      if (call.method === 'PUT') {
        const body = call.body as { purpose: string; granted: boolean };
        const row = state.find((consent) => consent.purpose === body.purpose)!;
        Object.assign(row, {
          granted: body.granted,
          since: '2026-11-29T04:00:00.000Z',
          text_version: '2026-11-29',
        });
      }
      return Response.json({ consents: state });
    }
    if (call.url === '/api/me/privacy-requests') {
      if (call.method === 'POST')
        return Response.json(
          {
            id: '00000000-0000-4000-8000-000000000001',
            ...(call.body as object),
            status: 'open',
            due_at: '2026-12-02T03:00:00.000Z',
            answer: null,
            answered_at: null,
            created_at: '2026-11-29T03:00:00.000Z',
          },
          { status: 201 },
        );
      return Response.json({ requests: [] });
    }
    return undefined;
  });
}

describe('the privacy page’s consents', () => {
  it('shows every optional e-mail off when nothing was consented, and a switch records exactly that purpose', async () => {
    await inLanguage('en');
    const calls = consentsApi();
    renderInApp(<ConsentSettings />);
    const marketing = await screen.findByRole('switch', { name: /News and offers from Flowbay/ });
    const updates = screen.getByRole('switch', { name: /new versions of workflows I own/ });
    const listings = screen.getByRole('switch', { name: /new workflows from authors I follow/ });
    expect([marketing, updates, listings].map((box) => (box as HTMLInputElement).checked)).toEqual([
      false,
      false,
      false,
    ]);
    fireEvent.click(updates);
    await waitFor(() => expect((updates as HTMLInputElement).checked).toBe(true));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { purpose: 'workflow_update', granted: true },
    ]);
    fireEvent.click(updates);
    await waitFor(() => expect((updates as HTMLInputElement).checked).toBe(false));
    expect(calls.filter((call) => call.method === 'PUT').at(-1)!.body).toEqual({
      purpose: 'workflow_update',
      granted: false,
    });
  });

  it('speaks Vietnamese', async () => {
    await inLanguage('vi');
    consentsApi({ new_listing: true });
    renderInApp(<ConsentSettings />);
    const listings = await screen.findByRole('switch', { name: /quy trình mới từ tác giả tôi theo dõi/ });
    expect((listings as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('E-mail không bắt buộc')).toBeTruthy();
    expect(screen.getByText(/Đã đồng ý ngày/)).toBeTruthy();
  });
});

describe('the privacy page’s requests', () => {
  it('sends a correction with its details, and refuses too short a text without calling the API', async () => {
    await inLanguage('en');
    const calls = consentsApi();
    renderInApp(<DataRequests />);
    const details = await screen.findByLabelText('Details');
    fireEvent.change(details, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Please write at least 10 characters.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText('What you ask for'), { target: { value: 'restriction' } });
    fireEvent.change(details, { target: { value: 'Stop using my purchases for suggestions.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { kind: 'restriction', details: 'Stop using my purchases for suggestions.' },
      ]),
    );
    // Access and deletion are served by the account's own export and deletion.
    expect(screen.getByRole('link', { name: 'Export my data' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Delete my account' }).getAttribute('href')).toBe('/profile');
  });

  it('in Vietnamese, names the rights in Vietnamese', async () => {
    await inLanguage('vi');
    consentsApi();
    renderInApp(<DataRequests />);
    expect(await screen.findByText('Quyền của bạn đối với dữ liệu cá nhân')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Gửi yêu cầu' })).toBeTruthy();
  });
});

describe('the administrators’ queue', () => {
  it('flags overdue requests and sends the answer', async () => {
    await inLanguage('en');
    const request = {
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'objection',
      details: 'I object to profiling.',
      status: 'open',
      due_at: '2026-11-20T03:00:00.000Z',
      answer: null,
      answered_at: null,
      created_at: '2026-11-17T03:00:00.000Z',
      requester_email: 'an@example.test',
      user_id: 'u1',
      language: 'vi',
      overdue: true,
      answered_by: null,
    };
    const calls = stubFetch((call) => {
      if (call.url.startsWith('/api/admin/privacy-requests?') || call.url === '/api/admin/privacy-requests')
        return Response.json({ requests: [request] });
      if (call.url.endsWith('/answer'))
        return Response.json({ ...request, status: 'done', answer: 'Done', overdue: false });
      return undefined;
    });
    renderInApp(<AdminPrivacyQueue />);
    expect(await screen.findByText('Overdue')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Answer (e-mailed to the requester)'), {
      target: { value: 'We stopped it.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mark done and send' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/answer'))?.body).toEqual({
        status: 'done',
        answer: 'We stopped it.',
      }),
    );
  });
});

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import MakeConnectionsCard from './make-connections-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CONNECTION = {
  id: 'm1',
  name: '',
  zone: 'us1.make.com',
  team_id: 55,
  token_hint: '…c0de',
  created_at: '2026-11-01T00:00:00.000Z',
};

describe('the Make connections card', () => {
  it('lists connections by zone, team and token hint, and saves a new one with the chosen zone', async () => {
    await inLanguage('en');
    const calls = stubFetch(({ url, method }) => {
      if (url.endsWith('/api/me/make-connections') && method === 'GET') return Response.json([CONNECTION]);
      if (url.endsWith('/api/me/make-connections') && method === 'POST')
        return Response.json({ id: 'm2' }, { status: 201 });
      return undefined;
    });
    renderInApp(<MakeConnectionsCard />);
    expect(await screen.findByText('us1.make.com · team 55 · token …c0de')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test us1.make.com' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Zone'), { target: { value: 'eu2.make.com' } });
    fireEvent.change(screen.getByLabelText('API token'), { target: { value: '  tok-1234-abcd  ' } });
    fireEvent.change(screen.getByLabelText('Team ID'), { target: { value: '98x7' } });
    fireEvent.change(screen.getByLabelText('Name (optional)'), { target: { value: 'Agency' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      zone: 'eu2.make.com',
      token: 'tok-1234-abcd',
      team_id: 987,
      name: 'Agency',
    });
    // The token field is emptied once saved: it is never shown again.
    await waitFor(() => expect((screen.getByLabelText('API token') as HTMLInputElement).value).toBe(''));
  });

  it('speaks Vietnamese', async () => {
    await inLanguage('vi');
    stubFetch(({ url, method }) => {
      if (url.endsWith('/api/me/make-connections') && method === 'GET') return Response.json([]);
      return undefined;
    });
    renderInApp(<MakeConnectionsCard />);
    expect(await screen.findByText('Bạn chưa lưu kết nối Make nào.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Kết nối Make' })).toBeTruthy();
    expect(screen.getByLabelText('ID nhóm')).toBeTruthy();
  });
});

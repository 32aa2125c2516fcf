import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { FollowButton } from './follow-button';
import { NotificationBell } from './notification-bell';
import { NotificationSettingsForm } from './notification-settings-form';

beforeAll(() => inLanguage('en'));
// The test set-up unmounts after each test; the stubs are this file's to undo.
afterEach(() => vi.unstubAllGlobals());

const page = (unread: number) => ({ notifications: [], page: 0, total: unread, unread });

describe('the header bell', () => {
  it('shows the unread count from the API and names it for screen readers', async () => {
    stubFetch((call) => (call.url.startsWith('/api/me/notifications') ? Response.json(page(3)) : undefined));
    renderInApp(<NotificationBell />);
    expect((await screen.findByTestId('unread-count')).textContent).toBe('3');
    const link = screen.getByRole('link', { name: 'Notifications: 3 unread' });
    expect(link.getAttribute('href')).toBe('/me/notifications');
  });

  it('shows no count when everything is read', async () => {
    const calls = stubFetch((call) =>
      call.url.startsWith('/api/me/notifications') ? Response.json(page(0)) : undefined,
    );
    renderInApp(<NotificationBell />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('unread-count')).toBeNull();
  });

  it('in Vietnamese, says Thông báo', async () => {
    await inLanguage('vi');
    stubFetch((call) => (call.url.startsWith('/api/me/notifications') ? Response.json(page(2)) : undefined));
    renderInApp(<NotificationBell />);
    expect(await screen.findByRole('link', { name: 'Thông báo: 2 chưa đọc' })).toBeTruthy();
    await inLanguage('en');
  });
});

describe('the notification settings', () => {
  it('shows each kind as the API has it and saves only the switch that was turned', async () => {
    let settings = { sale: true, workflow_update: false, new_listing: true };
    const calls = stubFetch((call) => {
      if (call.url !== '/api/me/notification-settings') return undefined;
      if (call.method === 'PUT') settings = { ...settings, ...(call.body as object) };
      return Response.json(settings);
    });
    renderInApp(<NotificationSettingsForm />);
    const sales = await screen.findByRole('switch', { name: /My sales/ });
    const updates = screen.getByRole('switch', { name: /Updates to workflows I own/ });
    const listings = screen.getByRole('switch', { name: /New workflows from authors I follow/ });
    expect([sales, updates, listings].map((box) => (box as HTMLInputElement).checked)).toEqual([
      true,
      false,
      true,
    ]);

    fireEvent.click(sales);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: /My sales/ }) as HTMLInputElement).checked).toBe(false),
    );
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).toEqual([{ url: '/api/me/notification-settings', method: 'PUT', body: { sale: false } }]);
    expect(
      (screen.getByRole('switch', { name: /Updates to workflows I own/ }) as HTMLInputElement).checked,
    ).toBe(false);
  });
});

describe('Follow', () => {
  it('shows the follower count and follows on a click', async () => {
    let state = { author_id: 'a1', following: false, followers_count: 4 };
    const calls = stubFetch((call) => {
      if (call.url !== '/api/users/a1/follow') return undefined;
      if (call.method === 'POST') state = { ...state, following: true, followers_count: 5 };
      return Response.json(state);
    });
    renderInApp(<FollowButton authorId="a1" signedIn isSelf={false} />);
    expect((await screen.findByTestId('followers-count')).textContent).toBe('4 followers');
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeTruthy();
    expect(screen.getByTestId('followers-count').textContent).toBe('5 followers');
    expect(calls.some((call) => call.method === 'POST')).toBe(true);
  });

  it('offers no button on one’s own profile, only the count', async () => {
    stubFetch((call) =>
      call.url === '/api/users/me1/follow'
        ? Response.json({ author_id: 'me1', following: false, followers_count: 1 })
        : undefined,
    );
    renderInApp(<FollowButton authorId="me1" signedIn isSelf />);
    expect((await screen.findByTestId('followers-count')).textContent).toBe('1 follower');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { DiscountCodesPanel } from './discount-codes-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROUTER = '11111111-1111-4111-8111-111111111111';
const DIGEST = '22222222-2222-4222-8222-222222222222';
const FREEBIE = '33333333-3333-4333-8333-333333333333';

const CODE = {
  id: '0b5e7a2c-1111-4a0e-9a51-3f1b2c4d5e6f',
  code: 'TET20',
  kind: 'percent',
  value: 20,
  workflow_ids: null,
  max_uses: 50,
  uses: 3,
  starts_at: '2026-01-01T00:00:00.000Z',
  ends_at: '2026-02-01T00:00:00.000Z',
  active: true,
  deactivated_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
};
const LIMITED = {
  ...CODE,
  id: '0b5e7a2c-2222-4a0e-9a51-3f1b2c4d5e6f',
  code: 'ROUTER10',
  workflow_ids: [ROUTER],
  uses: 10,
  max_uses: 10,
  active: false,
};

/** The seller's list, in two pages, as GET /api/me/workflows answers it. */
function myWorkflows(page: number) {
  const all = [
    { id: ROUTER, title: 'Lead router', price: 100_000 },
    { id: FREEBIE, title: 'Free starter', price: 0 },
    { id: DIGEST, title: 'Weekly digest', price: 200_000 },
  ];
  return {
    workflows: all.slice((page - 1) * 2, page * 2),
    totalCount: 3,
    filteredCount: 3,
    page,
    pageSize: 2,
  };
}

function stubApi() {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if ((init?.method ?? 'GET') === 'GET') {
        if (url.startsWith('/api/me/workflows'))
          return Response.json(myWorkflows(Number(new URL(url, 'http://x').searchParams.get('page'))));
        return Response.json({ codes: [CODE, LIMITED] });
      }
      posts.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json(
        { code: { ...CODE, active: false } },
        { status: url.endsWith('deactivate') ? 200 : 201 },
      );
    }),
  );
  return posts;
}

const row = (code: string) => screen.getByText(code).closest('li') as HTMLElement;

describe('the seller’s discount codes', () => {
  it('lists each code with what it covers, its uses, its dates and state, and deactivates an active one', async () => {
    await inLanguage('en');
    const posts = stubApi();
    renderInApp(<DiscountCodesPanel />);
    expect(await screen.findByText('TET20')).toBeTruthy();
    expect(row('TET20').textContent).toContain('used 3 of 50');
    expect(row('TET20').textContent).toContain('All your paid workflows');
    expect(row('TET20').textContent).toMatch(/from .*2026.* until .*2026/);
    expect(row('TET20').textContent).toMatch(/used 3 of 50 · active/);
    await waitFor(() => expect(row('ROUTER10').textContent).toContain('For: Lead router'));
    expect(row('ROUTER10').textContent).toContain('used 10 of 10');
    expect(row('ROUTER10').textContent).toContain('inactive');
    expect(within(row('ROUTER10')).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate TET20' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url).toBe(`/api/me/discount-codes/${CODE.id}/deactivate`);
  });

  it('creates a code for all paid workflows by default, upper-cased', async () => {
    await inLanguage('en');
    const posts = stubApi();
    renderInApp(<DiscountCodesPanel />);
    await screen.findByText('TET20');
    expect((screen.getByLabelText('All my paid workflows') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'summer' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      url: '/api/me/discount-codes',
      body: { code: 'SUMMER', kind: 'percent', value: 15, max_uses: 100, workflow_ids: null },
    });
  });

  it('limits a code to the paid workflows chosen (from every page), and asks for one when none is', async () => {
    await inLanguage('en');
    const posts = stubApi();
    renderInApp(<DiscountCodesPanel />);
    await screen.findByText('TET20');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'PAIR' } });
    fireEvent.click(screen.getByLabelText('Only the workflows I choose'));
    const choice = screen.getByRole('group', { name: 'Workflows the code applies to' });
    await within(choice).findByLabelText('Weekly digest');
    expect(within(choice).queryByLabelText('Free starter')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Choose at least one workflow.')).toBeTruthy();
    expect(posts).toHaveLength(0);
    fireEvent.click(within(choice).getByLabelText('Lead router'));
    fireEvent.click(within(choice).getByLabelText('Weekly digest'));
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({ code: 'PAIR', workflow_ids: [ROUTER, DIGEST] });
  });

  it('speaks Vietnamese', async () => {
    await inLanguage('vi');
    stubApi();
    renderInApp(<DiscountCodesPanel />);
    expect(await screen.findByText('TET20')).toBeTruthy();
    expect(row('TET20').textContent).toContain('đã dùng 3/50');
    expect(row('TET20').textContent).toContain('Mọi workflow có phí của bạn');
    expect(screen.getByRole('button', { name: 'Tạo mã' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ngừng mã TET20' })).toBeTruthy();
    expect(screen.getByLabelText('Chỉ các workflow tôi chọn')).toBeTruthy();
  });
});

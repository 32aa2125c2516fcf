import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { DiscountCodesPanel } from './discount-codes-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

function stubApi() {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if ((init?.method ?? 'GET') === 'GET') return Response.json({ codes: [CODE] });
      posts.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json(
        { code: { ...CODE, active: false } },
        { status: url.endsWith('deactivate') ? 200 : 201 },
      );
    }),
  );
  return posts;
}

describe('the seller’s discount codes', () => {
  it('lists a code with its uses, creates one upper-cased for all workflows, and deactivates one', async () => {
    await inLanguage('en');
    const posts = stubApi();
    renderInApp(<DiscountCodesPanel />);
    expect(await screen.findByText('TET20')).toBeTruthy();
    expect(document.body.textContent).toContain('used 3 of 50');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'summer' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      url: '/api/me/discount-codes',
      body: { code: 'SUMMER', kind: 'percent', value: 15, max_uses: 100 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.url).toBe(`/api/me/discount-codes/${CODE.id}/deactivate`);
  });

  it('speaks Vietnamese', async () => {
    await inLanguage('vi');
    stubApi();
    renderInApp(<DiscountCodesPanel />);
    expect(await screen.findByText('TET20')).toBeTruthy();
    expect(document.body.textContent).toContain('đã dùng 3/50');
    expect(screen.getByRole('button', { name: 'Tạo mã' })).toBeTruthy();
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundleCard, bundleDetail } from '@/test/bundles';
import { inLanguage, renderInApp } from '@/test/render';
import { SellerBundlesPanel } from './seller-bundles-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const workflow = (n: number, title: string, price: number, status = 'listed') => ({
  id: id(n),
  title,
  price,
  status,
  slug: `wf-${n}`,
});
const WORKFLOWS = [
  workflow(1, 'Invoice sync', 99_000),
  workflow(2, 'Lead capture', 149_000),
  workflow(3, 'Zalo replies', 0),
  workflow(4, 'Awaiting review', 50_000, 'pending'),
];
const BUNDLE = bundleCard();

/** The bundle API as the seller's panel calls it; writes are recorded with their bodies. */
function stubApi() {
  const writes: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (method === 'GET') {
        if (url.startsWith('/api/me/workflows')) {
          return Response.json({
            workflows: WORKFLOWS,
            totalCount: 4,
            filteredCount: 4,
            page: 0,
            pageSize: 12,
          });
        }
        if (url === '/api/me/bundles') return Response.json({ bundles: [BUNDLE] });
        if (url === `/api/bundles/${BUNDLE.id}`) {
          return Response.json(bundleDetail([id(1), id(7), id(2)]));
        }
        return Response.json({ error: { code: 'NOT_FOUND' } }, { status: 404 });
      }
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      writes.push({ method, url, body });
      if (method === 'DELETE') return Response.json({ id: BUNDLE.id, deleted: true });
      return Response.json(bundleDetail(), { status: 201 });
    }),
  );
  return writes;
}

describe('the seller’s bundles', () => {
  it('creates a bundle from listed workflows, showing their sum against the bundle price', async () => {
    await inLanguage('en');
    const writes = stubApi();
    renderInApp(<SellerBundlesPanel />);
    expect(await screen.findByRole('link', { name: 'Sales starter' })).toBeTruthy();
    const newBundle = await screen.findByRole('button', { name: 'New bundle' });
    await waitFor(() => expect((newBundle as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(newBundle);
    const form = screen.getByRole('form', { name: 'New bundle' });
    // Only listed workflows can go in a bundle.
    expect(within(form).queryByLabelText(/Awaiting review/)).toBeNull();

    // Nothing valid yet: the form says what is missing and sends nothing.
    fireEvent.click(within(form).getByRole('button', { name: 'Create bundle' }));
    expect(within(form).getByText('Give the bundle a title of at least 3 characters.')).toBeTruthy();
    expect(within(form).getByText('Pick at least 2 workflows.')).toBeTruthy();
    expect(writes).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Bundle title'), { target: { value: 'Sales pack' } });
    fireEvent.click(within(form).getByLabelText(/Invoice sync/));
    fireEvent.click(within(form).getByLabelText(/Lead capture/));
    const sum = within(form).getByTestId('bundle-sum');
    expect(sum.textContent).toContain('Bought one by one');
    expect(sum.textContent).toMatch(/248,000/);

    // A price at or above the sum is refused before anything is sent.
    fireEvent.change(within(form).getByLabelText('Bundle price (VNĐ)'), { target: { value: '248000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create bundle' }));
    expect(
      within(form).getByText(
        /The bundle price must be below .*248,000.*, what its workflows cost one by one\./,
      ),
    ).toBeTruthy();
    expect(writes).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Bundle price (VNĐ)'), { target: { value: '199.000' } });
    expect(sum.textContent).toMatch(/Buyers save.*49,000/);
    fireEvent.click(within(form).getByRole('button', { name: 'Create bundle' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      url: '/api/bundles',
      body: { title: 'Sales pack', description: '', price: 199_000, workflow_ids: [id(1), id(2)] },
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New bundle' })).toBeNull());
  });

  it('edits a bundle with its listed items ticked, unlists it and deletes it after a confirmation', async () => {
    await inLanguage('en');
    const writes = stubApi();
    renderInApp(<SellerBundlesPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit bundle Sales starter' }));
    const form = await screen.findByRole('form', { name: 'Edit bundle' });
    expect((within(form).getByLabelText(/Invoice sync/) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText(/Zalo replies/) as HTMLInputElement).checked).toBe(false);
    expect((within(form).getByLabelText('Bundle title') as HTMLInputElement).value).toBe('Sales starter');
    // Its item no longer listed (id 7) is taken out, and the form says so.
    expect(within(form).getByRole('status').textContent).toBe(
      '1 workflow of this bundle is no longer listed, so it was taken out. Save to put the bundle on sale again.',
    );
    fireEvent.click(within(form).getByLabelText(/Zalo replies/));
    fireEvent.click(within(form).getByRole('button', { name: 'Save bundle' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PATCH',
      url: `/api/bundles/${BUNDLE.id}`,
      body: { title: 'Sales starter', price: 199_000, workflow_ids: [id(1), id(2), id(3)] },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Unlist bundle Sales starter' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({ method: 'PATCH', body: { status: 'unlisted' } });

    fireEvent.click(screen.getByRole('button', { name: 'Delete bundle Sales starter' }));
    expect(writes).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete the bundle' }));
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(writes[2]).toMatchObject({ method: 'DELETE', url: `/api/bundles/${BUNDLE.id}` });
  });

  it('speaks Vietnamese, with the term “combo”', async () => {
    await inLanguage('vi');
    stubApi();
    renderInApp(<SellerBundlesPanel />);
    const newBundle = await screen.findByRole('button', { name: 'Tạo combo' });
    await waitFor(() => expect((newBundle as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(newBundle);
    const form = screen.getByRole('form', { name: 'Combo mới' });
    expect(within(form).getByLabelText('Tên combo')).toBeTruthy();
    expect(within(form).getByLabelText('Giá combo (VNĐ)')).toBeTruthy();
    expect(within(form).getByTestId('bundle-sum').textContent).toContain('Mua lẻ từng quy trình');
    expect(screen.getByRole('button', { name: 'Sửa combo Sales starter' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ẩn combo Sales starter' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Xóa combo Sales starter' })).toBeTruthy();
  });
});

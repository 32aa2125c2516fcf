import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkflowDetail } from '@flowbay/domain';
import { initI18n, loadSignedInTexts } from '@/i18n';
import { WorkflowInfoCard } from './workflow-info-card';

const ID = '5b0a8a1e-2f59-4b8e-9c37-1d3f6c2a9e10';

function workflow(overrides: Partial<WorkflowDetail> = {}): WorkflowDetail {
  return {
    id: ID,
    number: 7,
    slug: 'paid-flow',
    title: 'Paid lead router',
    description: 'Routes leads.',
    price: 250_000,
    cover_image_url: '/covers/a.webp',
    cover_thumb_url: null,
    version: '1.0',
    views: 0,
    favorites_count: 0,
    downloads: 0,
    rating_average: null,
    rating_count: 0,
    user_id: 'author',
    created_at: '2026-01-02T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    status: 'listed',
    profiles: { id: 'author', full_name: 'Author', display_name: null, avatar_url: null },
    categories: [{ id: 'n8n', name: 'n8n', name_vi: 'n8n' }],
    workflow_subcategories: [{ subcategory_id: 'productivity' }],
    node_summary: null,
    file_url: null,
    workflow_data: null,
    tested_with: null,
    zapier_share_url: null,
    show_notes_before_purchase: false,
    requirements: null,
    access: { can_download: true, can_manage: true, purchased: false, reason: 'author' },
    has_pending_changes: false,
    purchase_count: 0,
    buyer_summary: null,
    ...overrides,
  } as WorkflowDetail;
}

beforeAll(async () => {
  await initI18n('en');
  await loadSignedInTexts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(detail: WorkflowDetail) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/workflows/${ID}` && init?.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)));
        return Response.json({ ...detail, has_pending_changes: true });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WorkflowInfoCard
        workflow={detail}
        platforms={[{ id: 'n8n', label: 'n8n' }]}
        jobTypes={[{ id: 'productivity', label: 'Productivity' }]}
        onDeleted={() => undefined}
      />
    </QueryClientProvider>,
  );
  return sent;
}

describe('"Show notes before purchase" on the edit page', () => {
  it("is offered for a paid workflow, starts from the listing's setting and is sent when changed", async () => {
    const sent = renderCard(workflow());
    const box = screen.getByRole('checkbox', { name: 'Show notes before purchase' });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ show_notes_before_purchase: true });
  });

  it('is not sent when left as it was, and not offered for a free workflow', async () => {
    const sent = renderCard(workflow({ show_notes_before_purchase: true }));
    expect(
      (screen.getByRole('checkbox', { name: 'Show notes before purchase' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('show_notes_before_purchase');
    cleanup();
    renderCard(workflow({ price: 0 }));
    expect(screen.queryByRole('checkbox', { name: 'Show notes before purchase' })).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkflowDetail } from '@flowbay/domain';
import { initI18n, loadSignedInTexts } from '@/i18n';
import { AUTHOR_ACCESS, workflowDetail } from '@/test/workflows';
import { WorkflowInfoCard } from './workflow-info-card';

const ID = '5b0a8a1e-2f59-4b8e-9c37-1d3f6c2a9e10';

function workflow(overrides: Partial<WorkflowDetail> = {}): WorkflowDetail {
  return workflowDetail({ id: ID, access: AUTHOR_ACCESS, purchase_count: 0, ...overrides });
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

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkflowDetail, WorkflowStructure } from '@flowbay/domain';
import { workflowDetail } from '@/test/workflows';
import { initI18n } from '@/i18n';
import { PreviewSection } from '../components/detail/preview-section';
// The section loads either graph lazily; imported here, both are loaded before any test runs, and no
// wait below depends on a chunk's first transform.
import './structure-panel';
import './preview-panel';

const ID = '5b0a8a1e-2f59-4b8e-9c37-1d3f6c2a9e10';

const STRUCTURE: WorkflowStructure = {
  platform: 'n8n',
  node_count: 3,
  bounded: false,
  notes_shown: false,
  graphs: [
    {
      nodes: [
        {
          id: 'n0',
          app: 'webhook',
          name: 'Webhook',
          type: 'n8n-nodes-base.webhook',
          kind: 'trigger',
          position: { x: 0, y: 0 },
          disabled: false,
        },
        {
          id: 'n1',
          app: 'http',
          name: 'HTTP Request',
          type: 'n8n-nodes-base.httpRequest',
          kind: 'action',
          position: { x: 250, y: 0 },
          disabled: false,
        },
        {
          id: 'n2',
          app: 'slack',
          name: 'Slack',
          type: 'n8n-nodes-base.slack',
          kind: 'action',
          position: { x: 500, y: 0 },
          disabled: false,
        },
      ],
      edges: [
        { id: 'e0', from: 'n0', to: 'n1', kind: 'main' },
        { id: 'e1', from: 'n1', to: 'n2', kind: 'main' },
      ],
      notes: [],
    },
  ],
};

function paidDetail(overrides: Partial<WorkflowDetail> = {}): WorkflowDetail {
  return workflowDetail({
    id: ID,
    title: 'Paid flow',
    description: '',
    price: 499_000,
    cover_image_url: null,
    profiles: { id: 'author', full_name: null, display_name: 'Author', avatar_url: null },
    categories: [],
    workflow_subcategories: [],
    ...overrides,
  });
}

const requested: string[] = [];

beforeAll(() => initI18n('en'));
afterEach(() => {
  cleanup();
  requested.length = 0;
  vi.unstubAllGlobals();
});

function stubApi() {
  // React Flow measures its pane; jsdom has no layout.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      if (url === `/api/workflows/${ID}/structure`) return Response.json(STRUCTURE);
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
}

function renderSection(workflow: WorkflowDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PreviewSection workflow={workflow} />
    </QueryClientProvider>,
  );
}

describe("a paid workflow's preview before purchase", () => {
  it('draws the graph from the structure: each node by its type name, never asking for the file', async () => {
    stubApi();
    renderSection(paidDetail());
    expect(await screen.findByTestId('structure-preview')).toBeTruthy();
    const nodes = await screen.findAllByTestId('preview-node');
    expect(nodes.map((node) => node.textContent)).toEqual(['Webhook', 'HTTP Request', 'Slack']);
    expect(screen.getByText(/Before purchase you see the structure/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy JSON' })).toBeNull();
    expect(requested).toEqual([`/api/workflows/${ID}/structure`]);
  });

  it('keeps the full preview for whoever may download the file', async () => {
    stubApi();
    renderSection(
      paidDetail({
        file_url: `/api/workflows/${ID}/download`,
        access: { can_download: true, can_manage: false, purchased: true, reason: 'purchased' },
      }),
    );
    await screen.findByRole('region', { name: 'Preview' });
    expect(screen.queryByTestId('structure-preview')).toBeNull();
    await vi.waitFor(() => expect(requested).toContain(`/api/workflows/${ID}/download?preview=1`));
    expect(requested).not.toContain(`/api/workflows/${ID}/structure`);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkflowDetail } from '@flowbay/domain';
import { workflowDetail } from '@/test/workflows';
import { initI18n } from '@/i18n';
import { PreviewSection } from '../components/detail/preview-section';
// The section loads the graph lazily, and the graph the file's parser (in the page's thread under jsdom);
// imported here, both are loaded before any test runs, and no wait below depends on a first transform.
import './preview-panel';
import './bounded-export';

const ID = '5b0a8a1e-2f59-4b8e-9c37-1d3f6c2a9e10';
const VERSION = '9d1f0c2e-7a44-4f5e-8b1a-0c6e2d3f4a5b';
const FILE = {
  name: 'Free flow',
  nodes: [
    {
      id: 'a',
      name: 'Webhook',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 1,
      position: [0, 0],
      parameters: { path: 'x' },
    },
  ],
  connections: {},
};

const requests: { url: string; method: string; body: unknown }[] = [];

beforeAll(() => initI18n('en'));
afterEach(() => {
  cleanup();
  requests.length = 0;
  vi.unstubAllGlobals();
});

function stubBrowser() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => undefined) } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      requests.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (url.includes('/download')) return new Response(JSON.stringify(FILE));
      if (url === `/api/workflows/${ID}/taken`) return Response.json({ recorded: true });
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
}

function freeDetail(overrides: Partial<WorkflowDetail> = {}): WorkflowDetail {
  return workflowDetail({
    id: ID,
    title: 'Free flow',
    price: 0,
    file_url: `/api/workflows/${ID}/download`,
    access: { can_download: true, can_manage: false, purchased: false, reason: 'free' },
    ...overrides,
  });
}

function renderSection(workflow: WorkflowDetail, onTaken = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PreviewSection workflow={workflow} onTaken={onTaken} />
    </QueryClientProvider>,
  );
  return onTaken;
}

describe("a free workflow's preview", () => {
  it('loads the file as a preview, which is not a download, and records nothing', async () => {
    stubBrowser();
    renderSection(freeDetail());
    await screen.findByRole('button', { name: 'Copy JSON' });
    expect(requests.map((request) => request.url)).toEqual([`/api/workflows/${ID}/download?preview=1`]);
  });

  it('records Copy JSON and Download JSON as takes of the file, of the version shown', async () => {
    stubBrowser();
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
    const onTaken = renderSection(
      freeDetail({ file_url: `/api/workflows/${ID}/versions/${VERSION}/download` }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Copy JSON' }));
    await vi.waitFor(() => expect(onTaken).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    await vi.waitFor(() => expect(onTaken).toHaveBeenCalledTimes(2));
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      { url: `/api/workflows/${ID}/taken`, method: 'POST', body: { kind: 'copy', version_id: VERSION } },
      { url: `/api/workflows/${ID}/taken`, method: 'POST', body: { kind: 'file', version_id: VERSION } },
    ]);
    expect(requests[0]!.url).toBe(`/api/workflows/${ID}/versions/${VERSION}/download?preview=1`);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '../api/moderation-queue';
import { ModerationItem } from './moderation-item';
import { inLanguage } from '@/test/render';

beforeAll(() => inLanguage('en'));
afterEach(cleanup);

const item: QueueItem = {
  kind: 'update',
  submitted_at: '2026-11-23T01:00:00.000Z',
  open_reports: 0,
  highest_severity: null,
  workflow: {
    id: '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
    slug: 'invoice-alerts',
    title: 'Invoice alerts',
    description: '',
    price: 0,
    status: 'listed',
    cover_image_url: null,
    tested_with: null,
    created_at: '2026-11-20T01:00:00.000Z',
    category_ids: ['zapier'],
    subcategory_ids: ['finance'],
    author: { id: 'u1', name: 'Lan', email: 'lan@example.com' },
  },
  platforms: { declared: ['zapier'], detected: 'n8n', mismatch: true },
  versions: [
    {
      id: 'v2',
      version: '1.1',
      notes: 'Fetches the invoice over HTTP instead of Gmail.',
      created_at: '2026-11-23T01:00:00.000Z',
      download_url: '/api/workflows/x/versions/v2/download',
      checks: {
        format: 'n8n',
        size: 2048,
        sha256: 'abc',
        node_summary: null,
        requirements: null,
        secrets: { found: 0, redacted: [] },
        warnings: [],
        safety: [],
        compatibility: null,
        setup: null,
      },
      diff: {
        nodes_added: ['n8n-nodes-base.httpRequest|Fetch invoice'],
        nodes_removed: [],
        apps_added: ['HTTP Request'],
        apps_removed: ['Gmail'],
      },
      duplicates: [
        {
          workflow_id: 'c0ffee00-0000-4000-8000-000000000001',
          title: 'The original',
          status: 'listed',
          path: '/workflows/the-original-c0ffee00-0000-4000-8000-000000000001',
          match: 'similar',
          similarity: 0.86,
        },
      ],
    },
  ],
  edit: null,
};

function renderItem(shown: QueueItem = item) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ModerationItem item={shown} renderPreview={() => null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ModerationItem: what the moderator is told about a submitted file', () => {
  it('shows the declared and the detected platform, warning when they differ', () => {
    renderItem();
    expect(screen.getByTestId('platform-check').textContent).toBe(
      'Platform declared: Zapier · from the file: n8n',
    );
  });

  it('lists the nodes and apps the new version adds and removes', () => {
    renderItem();
    const diff = within(screen.getByTestId('version-diff'));
    expect(diff.getByText('Fetch invoice (n8n-nodes-base.httpRequest)')).toBeTruthy();
    expect(diff.getByText('HTTP Request')).toBeTruthy();
    expect(diff.getByText('Gmail')).toBeTruthy();
    expect(diff.queryByText('Nodes removed')).toBeNull();
  });

  it('links the listing the file resembles', () => {
    renderItem();
    const duplicates = within(screen.getByTestId('duplicates'));
    expect(duplicates.getByRole('link', { name: 'The original' }).getAttribute('href')).toBe(
      '/workflows/the-original-c0ffee00-0000-4000-8000-000000000001',
    );
    expect(screen.getByTestId('duplicates').textContent).toContain('86% of the nodes alike');
  });

  it("shows the author's note on what the version changes", () => {
    renderItem();
    const notes = screen.getByTestId('version-notes');
    expect(notes.textContent).toContain("What changed (author's note)");
    expect(notes.textContent).toContain('Fetches the invoice over HTTP instead of Gmail.');
  });

  it('shows why a resubmitted listing was rejected before, and its cover', () => {
    renderItem({
      ...item,
      previous_rejection: {
        reason: 'The Gmail node sends the invoices to a fixed address.',
        decided_at: '2026-11-21T01:00:00.000Z',
      },
      workflow: { ...item.workflow, cover_image_url: '/media/covers/invoice.webp' },
    });
    const rejection = screen.getByTestId('previous-rejection');
    expect(rejection.textContent).toMatch(/^Rejected on .*21.* for this reason:/);
    expect(rejection.textContent).toContain('The Gmail node sends the invoices to a fixed address.');
    expect(screen.getByRole('img', { name: 'Cover of Invoice alerts' }).getAttribute('src')).toBe(
      '/media/covers/invoice.webp',
    );
  });

  it('says nothing of a rejection when the last decision was not one, in Vietnamese too', async () => {
    renderItem({ ...item, previous_rejection: null });
    expect(screen.queryByTestId('previous-rejection')).toBeNull();
    cleanup();
    await inLanguage('vi');
    renderItem({ ...item, previous_rejection: { reason: '', decided_at: '2026-11-21T01:00:00.000Z' } });
    expect(screen.getByTestId('previous-rejection').textContent).toContain('Không có lý do.');
    await inLanguage('en');
  });
});

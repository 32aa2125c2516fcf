import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueItem } from '../api/moderation-queue';
import { inLanguage, renderInApp } from '@/test/render';
import { stubFetch, type ApiCall } from '@/test/api-stub';
import { ModerationItem } from './moderation-item';

afterEach(() => vi.unstubAllGlobals());

const WORKFLOW_ID = '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f';

function queueItem(overrides: Partial<QueueItem> = {}, safety = HIGH): QueueItem {
  return {
    kind: 'new',
    submitted_at: '2026-11-23T01:00:00.000Z',
    open_reports: 0,
    highest_severity: safety.length ? 'high' : null,
    workflow: {
      id: WORKFLOW_ID,
      slug: 'server-cleanup',
      title: 'Server cleanup',
      description: 'Cleans old files.',
      price: 0,
      status: 'pending',
      cover_image_url: null,
      tested_with: null,
      created_at: '2026-11-20T01:00:00.000Z',
      category_ids: ['n8n'],
      subcategory_ids: [],
      author: { id: 'u1', name: 'Lan', email: 'lan@example.com' },
    },
    platforms: { declared: ['n8n'], detected: 'n8n', mismatch: false },
    versions: [
      {
        id: 'v1',
        version: '1.0',
        notes: '',
        created_at: '2026-11-23T01:00:00.000Z',
        download_url: '/api/workflows/x/versions/v1/download',
        checks: {
          format: 'n8n',
          size: 2048,
          sha256: 'abc',
          node_summary: null,
          requirements: null,
          secrets: { found: 0, redacted: [] },
          warnings: [],
          safety,
          compatibility: null,
          setup: null,
        },
        diff: null,
        duplicates: [],
      },
    ],
    edit: null,
    ...overrides,
  };
}

const HIGH: QueueItem['versions'][number]['checks']['safety'] = [
  { code: 'code_node', severity: 'low', node: 'Tidy', node_type: 'n8n-nodes-base.code', public: true },
  {
    code: 'execute_command',
    severity: 'high',
    node: 'Delete old files',
    node_type: 'n8n-nodes-base.executeCommand',
    detail: 'rm',
    public: true,
  },
];

function approveAnswer(refuseWithoutNote: boolean) {
  return stubFetch((call: ApiCall) => {
    if (call.url !== `/api/admin/workflows/${WORKFLOW_ID}/approve`) return undefined;
    const note = (call.body as { note?: string } | undefined)?.note;
    if (refuseWithoutNote && !note)
      return Response.json(
        { error: { code: 'APPROVAL_NOTE_REQUIRED', message: 'note required' } },
        { status: 422 },
      );
    return Response.json({ workflow_id: WORKFLOW_ID, decision: 'approve', status: 'listed' });
  });
}

const approveCalls = (calls: ApiCall[]) => calls.filter((call) => call.url.endsWith('/approve'));

describe('the review queue: findings first, and a note to approve a high one', () => {
  it('shows the findings before the file details, the most serious first and named in words', async () => {
    await inLanguage('en');
    approveAnswer(true);
    renderInApp(<ModerationItem item={queueItem()} renderPreview={() => null} />);
    const findings = screen.getByTestId('queue-findings');
    // Before the platform check and the version's file details.
    expect(
      findings.compareDocumentPosition(screen.getByTestId('platform-check')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(within(findings).getByText('Safety findings')).toBeTruthy();
    expect(screen.getByText('Highest severity: High')).toBeTruthy();
    const items = within(findings)
      .getAllByRole('listitem')
      .filter((item) => item.dataset.severity);
    expect(items.map((item) => item.dataset.severity)).toEqual(['high', 'low']);
    expect(items[0]!.textContent).toContain('Runs shell commands');
    expect(items[0]!.textContent).toContain('Node: Delete old files · rm');
  });

  it('refuses to approve a high finding without a note at the field, then sends the note', async () => {
    await inLanguage('en');
    const calls = approveAnswer(true);
    renderInApp(<ModerationItem item={queueItem()} renderPreview={() => null} />);
    const note = screen.getByLabelText('Approval note');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const error = await screen.findByText(
      'This file has a high-severity safety finding: write a note on why it may be approved.',
    );
    expect(note.getAttribute('aria-describedby')).toContain(error.id);
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(note);
    expect(approveCalls(calls)).toHaveLength(0);

    fireEvent.change(note, { target: { value: 'The command only deletes files in /tmp/n8n.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approveCalls(calls)).toHaveLength(1));
    expect(approveCalls(calls)[0]!.body).toEqual({ note: 'The command only deletes files in /tmp/n8n.' });
  });

  it("shows the server's APPROVAL_NOTE_REQUIRED at a note field it opens when the queue did not know", async () => {
    await inLanguage('vi');
    const calls = approveAnswer(true);
    renderInApp(
      <ModerationItem item={queueItem({ highest_severity: null }, [])} renderPreview={() => null} />,
    );
    expect(screen.queryByLabelText('Ghi chú phê duyệt')).toBeNull();
    expect(screen.getByText('Không có phát hiện an toàn nào.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Phê duyệt' }));
    const note = await screen.findByLabelText('Ghi chú phê duyệt');
    expect(
      await screen.findByText(
        'Tệp này có phát hiện an toàn mức cao: hãy ghi chú lý do vẫn có thể phê duyệt.',
      ),
    ).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(approveCalls(calls)).toHaveLength(1);
  });

  it('approves a file without a high finding with no note asked', async () => {
    await inLanguage('en');
    const calls = approveAnswer(false);
    const low = HIGH.filter((finding) => finding.severity !== 'high');
    renderInApp(
      <ModerationItem item={queueItem({ highest_severity: 'low' }, low)} renderPreview={() => null} />,
    );
    expect(screen.queryByLabelText('Approval note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approveCalls(calls)).toHaveLength(1));
    expect(approveCalls(calls)[0]!.body).toEqual({});
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadResult, VersionCheckResult } from '@flowbay/domain';
import { inLanguage, renderInApp } from '@/test/render';
import { NewVersionCard } from './new-version-card';
// Choosing a file checks it with the export parser, loaded on first use (in the page's thread under
// jsdom); imported here, it is loaded before any test runs, and no wait below depends on its first transform.
import '../lib/check-workflow-text';

const ID = '2c9a7e51-8b4d-4f3a-a6e2-5d1c0b9f8e7a';
const N8N = JSON.stringify({
  name: 'Lead router',
  nodes: [
    {
      id: 'a1',
      name: 'Incoming lead',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 2,
      position: [0, 0],
      parameters: { path: 'lead' },
    },
  ],
  connections: {},
});

/** What the server's checks answer for the file: every finding with its node, and the compatibility. */
const CHECKS: VersionCheckResult = {
  checked_at: '2026-11-28T10:00:00.000Z',
  safety: [
    {
      code: 'http_request',
      severity: 'info',
      node: 'Send to CRM',
      node_type: 'n8n-nodes-base.httpRequest',
      detail: 'api.example.com',
      public: true,
    },
    {
      code: 'execute_command',
      severity: 'high',
      node: 'Run script',
      node_type: 'n8n-nodes-base.executeCommand',
      public: true,
    },
  ],
  highest_severity: 'high',
  compatibility: {
    catalogue: '2.41.1',
    min: '1.22',
    max: '1.123',
    limits: [
      {
        type: 'n8n-nodes-base.executeCommand',
        display_name: 'Execute Command',
        version: 1,
        reason: 'disabled',
        release: '2.0',
      },
    ],
    community_packages: [],
    unknown_types: [],
    upgrades: [{ type: 'n8n-nodes-base.slack', display_name: 'Slack', used: 2.3, latest: 2.4 }],
  },
  setup: { difficulty: 'beginner', setup_minutes: 10 },
};

/** XMLHttpRequest as uploadFile uses it: each upload is counted and answered with the checks. */
class FakeUpload {
  static sent: string[] = [];
  status = 0;
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    FakeUpload.sent.push(this.url);
    setTimeout(() => {
      this.status = 201;
      this.response = {
        url: 'upload://workflows/f.json',
        key: 'workflows/k',
        folder: 'workflows',
        size: 10,
        thumb_url: null,
        summary: null,
        redacted: [],
        warnings: [],
        checks: CHECKS,
      } satisfies UploadResult;
      this.onload?.();
    });
  }
}

function stubApi() {
  const versions: unknown[] = [];
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/workflows/${ID}/versions` && init?.method === 'POST') {
        versions.push(JSON.parse(String(init.body)));
        return Response.json({ id: 'v2' }, { status: 201 });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 });
    }),
  );
  return versions;
}

afterEach(() => vi.unstubAllGlobals());

const chooseFile = (label: string) =>
  fireEvent.change(screen.getByLabelText(label), {
    target: { files: [new File([N8N], 'flow.json', { type: 'application/json' })] },
  });

describe("the author's findings at upload", () => {
  it('lists every finding with its severity, node and how to fix it, the outdated nodes, and that a high one needs a note', async () => {
    await inLanguage('en');
    const versions = stubApi();
    renderInApp(<NewVersionCard workflowId={ID} platform="n8n" />);
    chooseFile('Workflow file (.json)');

    const panel = await screen.findByTestId('server-checks');
    expect(within(panel).getByText('What the checks found')).toBeTruthy();
    expect(within(panel).getByRole('alert').textContent).toBe(
      'This file has a high-severity finding: an admin will need to approve it with a note on why.',
    );
    const findings = within(panel)
      .getAllByRole('listitem')
      .filter((item) => item.dataset.severity);
    expect(findings.map((item) => item.dataset.severity)).toEqual(['high', 'info']);
    expect(findings[0]!.textContent).toContain('Severity: High');
    expect(findings[0]!.textContent).toContain('Runs shell commands');
    expect(findings[0]!.textContent).toContain('Node: Run script');
    expect(findings[0]!.textContent).toContain(
      'How to fix: Replace the Execute Command node with a node for the service',
    );
    expect(findings[1]!.textContent).toContain('Node: Send to CRM · api.example.com');
    expect(panel.textContent).toContain('Execute Command (version 1): disabled by default since 2.0');
    expect(within(panel).getByText('A newer version of the Slack node exists: 2.3 → 2.4')).toBeTruthy();
    expect(within(panel).getByText('Beginner · 10 min')).toBeTruthy();

    // Submitting uses the upload the checks were made on.
    fireEvent.change(screen.getByLabelText('New version'), { target: { value: '1.1' } });
    fireEvent.change(screen.getByLabelText('What changed'), { target: { value: 'Sends to the CRM.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload version' }));
    await waitFor(() => expect(versions).toHaveLength(1));
    expect(versions[0]).toEqual({
      version: '1.1',
      notes: 'Sends to the CRM.',
      file_url: 'upload://workflows/f.json',
    });
    expect(FakeUpload.sent).toHaveLength(1);
  });

  it('says it in Vietnamese', async () => {
    await inLanguage('vi');
    stubApi();
    renderInApp(<NewVersionCard workflowId={ID} platform="n8n" />);
    chooseFile('Tệp quy trình (.json)');
    const panel = await screen.findByTestId('server-checks');
    expect(within(panel).getByText('Kết quả kiểm tra')).toBeTruthy();
    expect(within(panel).getByRole('alert').textContent).toBe(
      'Tệp này có phát hiện mức cao: quản trị viên sẽ cần ghi chú lý do khi phê duyệt.',
    );
    expect(panel.textContent).toContain('Mức độ: Cao');
    expect(panel.textContent).toContain('Cách khắc phục:');
    expect(panel.textContent).toContain('Node: Run script');
  });
});

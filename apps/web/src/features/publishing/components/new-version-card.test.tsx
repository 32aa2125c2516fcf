import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadResult } from '@flowbay/domain';
import { inLanguage, renderInApp } from '@/test/render';
import { NewVersionCard } from './new-version-card';
// Choosing a file checks it with the export parser, loaded on first use: imported here, it is loaded
// before any test runs.
import '../lib/check-workflow-text';

const ID = '2c9a7e51-8b4d-4f3a-a6e2-5d1c0b9f8e7a';
const N8N = JSON.stringify({
  name: 'Lead router',
  nodes: [
    {
      id: 'a1',
      name: 'When clicking',
      type: 'n8n-nodes-base.manualTrigger',
      typeVersion: 1,
      position: [0, 0],
      parameters: {},
    },
  ],
  connections: {},
});

/** XMLHttpRequest as uploadFile uses it: the upload is stored and answered with its reference. */
class FakeUpload {
  status = 0;
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send() {
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
        checks: null,
      } satisfies UploadResult;
      this.onload?.();
    });
  }
}

function stubApi() {
  const versions: unknown[] = [];
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

describe("a new version's notes in the listing's other language", () => {
  it('sends them as notes_translation beside the notes', async () => {
    await inLanguage('en');
    const versions = stubApi();
    renderInApp(<NewVersionCard workflowId={ID} platform="n8n" language="en" />);
    fireEvent.change(screen.getByLabelText('Workflow file (.json)'), {
      target: { files: [new File([N8N], 'flow.json', { type: 'application/json' })] },
    });
    // The file is checked in the browser before it can be sent.
    await screen.findByTestId('file-check');
    fireEvent.change(screen.getByLabelText('New version'), { target: { value: '1.1' } });
    fireEvent.change(screen.getByLabelText('What changed'), { target: { value: 'Retries on errors.' } });
    fireEvent.change(screen.getByLabelText('What changed, in Vietnamese (optional)'), {
      target: { value: 'Thử lại khi lỗi.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload version' }));
    await waitFor(() => expect(versions).toHaveLength(1));
    expect(versions[0]).toEqual({
      version: '1.1',
      notes: 'Retries on errors.',
      notes_translation: 'Thử lại khi lỗi.',
      file_url: 'upload://workflows/f.json',
    });
  });

  it('names the other language in Vietnamese for a Vietnamese listing', async () => {
    await inLanguage('vi');
    stubApi();
    renderInApp(<NewVersionCard workflowId={ID} platform="n8n" language="vi" />);
    expect(screen.getByLabelText('Nội dung thay đổi bằng tiếng Anh (không bắt buộc)')).toBeTruthy();
  });
});

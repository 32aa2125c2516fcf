import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowVersion } from '@flowbay/domain';
import { inLanguage } from '@/test/render';
import { VersionHistory } from './version-history';

afterEach(cleanup);

const version = (overrides: Partial<WorkflowVersion>): WorkflowVersion => ({
  id: '00000000-0000-4000-8000-000000000001',
  version: '1.0',
  file_url: null,
  created_at: '2026-11-02T03:00:00.000Z',
  is_current: false,
  size: 2048,
  review_status: 'approved',
  review_reason: null,
  notes: '',
  notes_original: '',
  notes_translation: '',
  checks: null,
  ...overrides,
});

const versions = [
  version({
    id: '00000000-0000-4000-8000-000000000002',
    version: '1.1',
    created_at: '2026-11-20T03:00:00.000Z',
    is_current: true,
    notes: 'Retries when Slack is down.\nGửi thêm e-mail.',
  }),
  version({}),
];

describe('VersionHistory', () => {
  beforeAll(() => inLanguage('en'));

  it('lists each version, newest first, with its date and what changed', () => {
    render(<VersionHistory versions={versions} />);
    const items = within(screen.getByTestId('version-history')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('v1.1');
    expect(items[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T03:00:00.000Z');
    expect(items[0]!.textContent).toContain('Nov 20, 2026');
    const notes = within(items[0]!).getByTestId('version-notes');
    expect(notes.textContent).toContain('Retries when Slack is down.\nGửi thêm e-mail.');
    // A version from before notes shows no empty note.
    expect(items[1]!.textContent).toContain('v1.0');
    expect(within(items[1]!).queryByTestId('version-notes')).toBeNull();
  });

  it('reads "what changed" in Vietnamese too', async () => {
    await inLanguage('vi');
    render(<VersionHistory versions={versions} />);
    expect(screen.getByText('Lịch sử phiên bản')).toBeTruthy();
    expect(screen.getByTestId('version-notes').textContent).toContain('Thay đổi');
    await inLanguage('en');
  });

  it("shows its author each version's findings with how to fix them, and nobody else", async () => {
    await inLanguage('en');
    const checked = version({
      checks: {
        checked_at: '2026-11-02T03:00:00.000Z',
        safety: [
          { code: 'secret_removed', severity: 'info', public: true },
          { code: 'code_eval', severity: 'high', node: 'Transform', public: false },
        ],
        highest_severity: 'high',
        compatibility: null,
        setup: null,
      },
    });
    const { unmount } = render(<VersionHistory versions={[checked]} showModeration />);
    const findings = screen.getByTestId('version-findings');
    expect(findings.querySelector('summary')!.textContent).toBe('What the checks foundHighSeverity: High');
    expect(findings.textContent).toContain('Code runs generated code (eval)');
    expect(findings.textContent).toContain('Node: Transform');
    expect(findings.textContent).toContain('How to fix: Remove eval, new Function and vm');
    unmount();
    render(<VersionHistory versions={[checked]} />);
    expect(screen.queryByTestId('version-findings')).toBeNull();
  });
});

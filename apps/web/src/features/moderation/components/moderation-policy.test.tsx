import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import type { QueueItem } from '../api/moderation-queue';
import { ModerationItem } from './moderation-item';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => i18n.changeLanguage('en'));

const REASON = 'The description offers to harvest passwords, which the hacking rule forbids.';

/** A listed workflow whose description edit waits, with the language model's verdict on the new texts. */
function editItem(findings: NonNullable<QueueItem['edit']>['findings']): QueueItem {
  return {
    kind: 'update',
    submitted_at: '2026-11-28T01:00:00.000Z',
    open_reports: 0,
    highest_severity: null,
    workflow: {
      id: '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
      slug: 'lead-router',
      title: 'Lead router',
      description: 'Sends new leads to the right salesperson.',
      price: 0,
      status: 'listed',
      cover_image_url: null,
      tested_with: null,
      created_at: '2026-11-20T01:00:00.000Z',
      category_ids: ['n8n'],
      subcategory_ids: [],
      author: { id: 'u1', name: 'Lan', email: 'lan@example.com' },
    },
    platforms: { declared: ['n8n'], detected: 'n8n', mismatch: false },
    versions: [],
    edit: {
      id: 'e1',
      created_at: '2026-11-28T01:00:00.000Z',
      changes: { description: 'Sends new leads onwards, and can harvest passwords from the victim.' },
      findings,
    },
  };
}

describe('the review queue: the policy check of an edit’s texts', () => {
  it('shows the language model’s flag with its reason beside the edited fields', async () => {
    await inLanguage('en');
    stubFetch(() => undefined);
    renderInApp(
      <ModerationItem
        item={editItem([{ code: 'policy', severity: 'high', detail: REASON, public: false }])}
        renderPreview={() => null}
      />,
    );
    const edited = screen.getByText('Edited fields').closest('div')!;
    expect(within(edited).getByText('Listing texts check')).toBeTruthy();
    expect(within(edited).getByText(REASON)).toBeTruthy();
  });

  it('shows nothing more for an edit the model found fine (or when the check is off)', async () => {
    await inLanguage('en');
    stubFetch(() => undefined);
    renderInApp(<ModerationItem item={editItem([])} renderPreview={() => null} />);
    expect(screen.queryByText('Listing texts check')).toBeNull();
  });
});

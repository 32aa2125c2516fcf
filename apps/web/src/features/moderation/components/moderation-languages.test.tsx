import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import type { QueueItem, QueueVersion } from '../api/moderation-queue';
import { ModerationItem } from './moderation-item';

beforeEach(async () => {
  await inLanguage('en');
  stubFetch(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => i18n.changeLanguage('en'));

const VI_TRANSLATION = {
  title: 'Cảnh báo hóa đơn',
  description: 'Gửi tin nhắn khi có hóa đơn mới.',
  faq: [{ question: 'Có cần Gmail không?', answer: 'Không, chỉ cần HTTP.' }],
};

function version(overrides: Partial<QueueVersion> = {}): QueueVersion {
  return {
    id: 'v1',
    version: '1.0',
    notes: 'First release.',
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
      safety: [],
      compatibility: null,
      setup: null,
    },
    diff: null,
    duplicates: [],
    ...overrides,
  };
}

function queueItem(
  overrides: Partial<QueueItem> = {},
  workflow: Partial<QueueItem['workflow']> = {},
): QueueItem {
  return {
    kind: 'new',
    submitted_at: '2026-11-23T01:00:00.000Z',
    open_reports: 0,
    highest_severity: null,
    workflow: {
      id: '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
      slug: 'invoice-alerts',
      title: 'Invoice alerts',
      description: 'Sends a message when a new invoice arrives.',
      language: 'en',
      translation: VI_TRANSLATION,
      price: 0,
      status: 'pending',
      cover_image_url: null,
      tested_with: null,
      created_at: '2026-11-20T01:00:00.000Z',
      category_ids: ['n8n'],
      subcategory_ids: [],
      author: { id: 'u1', name: 'Lan', email: 'lan@example.com' },
      ...workflow,
    },
    platforms: { declared: ['n8n'], detected: 'n8n', mismatch: false },
    versions: [version()],
    edit: null,
    ...overrides,
  };
}

/** A listed workflow with an edit waiting, whose `changes` are given. */
function editItem(
  changes: Record<string, unknown>,
  workflow: Partial<QueueItem['workflow']> = {},
): QueueItem {
  return queueItem(
    {
      kind: 'update',
      versions: [],
      edit: { id: 'e1', created_at: '2026-11-28T01:00:00.000Z', changes, findings: [] },
    },
    { status: 'listed', ...workflow },
  );
}

const show = (item: QueueItem) => renderInApp(<ModerationItem item={item} renderPreview={() => null} />);

describe('the review queue: a new listing in its two languages', () => {
  it('names the original language and shows the translation beside the original, each column labelled', () => {
    show(queueItem());
    const section = screen.getByTestId('listing-languages');
    expect(section.textContent).toContain('Original language: English');
    const original = within(screen.getByTestId('listing-texts-en'));
    expect(original.getByText('English (original)')).toBeTruthy();
    expect(original.getByText('Invoice alerts')).toBeTruthy();
    const translation = within(screen.getByTestId('listing-texts-vi'));
    expect(translation.getByText('Tiếng Việt (translation)')).toBeTruthy();
    expect(translation.getByText('Cảnh báo hóa đơn').getAttribute('lang')).toBe('vi');
    expect(translation.getByText('Gửi tin nhắn khi có hóa đơn mới.')).toBeTruthy();
    expect(translation.getByText('Có cần Gmail không?')).toBeTruthy();
    expect(translation.getByText('Không, chỉ cần HTTP.')).toBeTruthy();
  });

  it('says when a listing has no translation, and in Vietnamese names the languages in Vietnamese', async () => {
    show(queueItem({}, { language: 'vi', title: 'Cảnh báo hóa đơn', translation: null }));
    expect(screen.getByTestId('listing-languages').textContent).toBe(
      'Original language: Vietnamese · no translation',
    );
    expect(screen.queryByTestId('listing-texts-en')).toBeNull();
    cleanup();
    await inLanguage('vi');
    show(queueItem());
    expect(screen.getByTestId('listing-languages').textContent).toContain('Ngôn ngữ gốc: tiếng Anh');
    expect(within(screen.getByTestId('listing-texts-vi')).getByText('Tiếng Việt (bản dịch)')).toBeTruthy();
  });

  it("shows a version's notes in the other language under its notes", () => {
    show(queueItem({ versions: [version({ notes_translation: 'Bản phát hành đầu tiên.' })] }));
    const notes = screen.getByTestId('version-notes');
    expect(notes.textContent).toContain('First release.');
    const translated = within(notes).getByTestId('notes-translation');
    expect(translated.textContent).toBe('Translation in VietnameseBản phát hành đầu tiên.');
  });

  it('shows no translated notes when the author wrote none', () => {
    show(queueItem({ versions: [version({ notes_translation: '' })] }));
    expect(screen.queryByTestId('notes-translation')).toBeNull();
  });
});

describe('the review queue: an edit of the translation', () => {
  it('shows each changed field of the translation as listed now and after approval, never as JSON', () => {
    show(
      editItem({
        translation: {
          ...VI_TRANSLATION,
          title: 'Cảnh báo hóa đơn qua HTTP',
          faq: [{ question: 'Có cần Gmail không?', answer: 'Không.' }],
        },
      }),
    );
    const change = screen.getByTestId('translation-change');
    expect(change.textContent).not.toContain('{');
    expect(change.textContent).toContain('Translation in Vietnamese');
    const title = within(screen.getByTestId('translation-change-title'));
    expect(title.getByTestId('before').textContent).toBe('Listed nowCảnh báo hóa đơn');
    expect(title.getByTestId('after').textContent).toBe('After approvalCảnh báo hóa đơn qua HTTP');
    const faq = within(screen.getByTestId('translation-change-faq'));
    expect(faq.getByTestId('before').textContent).toContain('Không, chỉ cần HTTP.');
    expect(faq.getByTestId('after').textContent).toContain('Không.');
    // The description is the same: not shown as a change.
    expect(screen.queryByTestId('translation-change-description')).toBeNull();
    expect(screen.getByText('Edited fields').parentElement!.textContent).not.toContain('translation');
  });

  it('says "Translation removed" when the edit removes it', () => {
    show(editItem({ translation: null }));
    const change = screen.getByTestId('translation-change');
    expect(within(change).getByText('Translation removed')).toBeTruthy();
    expect(change.textContent).not.toContain('null');
  });

  it('shows a new translation as added, with its texts', () => {
    show(editItem({ translation: VI_TRANSLATION }, { translation: null }));
    const change = screen.getByTestId('translation-change');
    expect(change.textContent).toContain('Translation in Vietnamese · new translation');
    expect(within(change).getByText('Cảnh báo hóa đơn')).toBeTruthy();
    expect(within(change).queryByTestId('before')).toBeNull();
  });

  it('names a change of the original language, in both languages', async () => {
    show(editItem({ language: 'vi' }));
    expect(screen.getByTestId('language-change').textContent).toBe('Original language: English → Vietnamese');
    cleanup();
    await inLanguage('vi');
    show(editItem({ language: 'vi', translation: null }));
    expect(screen.getByTestId('language-change').textContent).toBe('Ngôn ngữ gốc: tiếng Anh → tiếng Việt');
    expect(screen.getByTestId('translation-change').textContent).toContain('Đã xóa bản dịch');
  });

  it("shows each new screenshot's caption in the other language under its caption", () => {
    show(
      editItem({
        screenshots_changed: true,
        screenshots: [
          {
            id: 's1',
            url: '/media/s1.webp',
            width: 800,
            height: 600,
            caption: 'The invoice message',
            caption_translation: 'Tin nhắn hóa đơn',
          },
        ],
      }),
    );
    expect(screen.getByRole('img', { name: 'The invoice message' })).toBeTruthy();
    expect(screen.getByTestId('caption-translation').textContent).toBe('Tiếng Việt: Tin nhắn hóa đơn');
  });
});

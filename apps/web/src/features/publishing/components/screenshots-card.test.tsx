import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { ScreenshotsCard } from './screenshots-card';

const ID = '4e3d2c1b-0a9f-4e8d-8c7b-6a5f4e3d2c1b';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ screenshots: [], pending_review: false })),
  );
}

describe('the screenshots card after the create form could not upload some', () => {
  it('focuses "Add screenshot" once loaded when asked, and leaves the focus alone otherwise', async () => {
    await inLanguage('en');
    stubApi();
    renderInApp(<ScreenshotsCard workflowId={ID} language="en" focusAdd />);
    const add = await screen.findByRole('button', { name: 'Add screenshot' });
    await waitFor(() => expect(document.activeElement).toBe(add));
    cleanup();
    renderInApp(<ScreenshotsCard workflowId={ID} language="en" />);
    await screen.findByText('No screenshots yet.');
    expect(document.activeElement).toBe(document.body);
  });
});

describe('captions in both languages', () => {
  it("edits the caption as written and its translation, and saves both (not the visitor's shown one)", async () => {
    await inLanguage('en');
    const sent: unknown[] = [];
    const shot = {
      id: 'a1',
      url: '/files/screenshots/a1.webp',
      width: 800,
      height: 600,
      // An English listing whose author reads Vietnamese: `caption` is the shown (translated) one.
      caption: 'Bảng tính kết quả',
      caption_original: 'The result sheet',
      caption_translation: 'Bảng tính kết quả',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') sent.push(JSON.parse(String(init.body)));
        return Response.json({ screenshots: [shot], pending_review: false });
      }),
    );
    renderInApp(<ScreenshotsCard workflowId={ID} language="en" />);
    const original = (await screen.findByLabelText('Caption of screenshot 1')) as HTMLInputElement;
    expect(original.value).toBe('The result sheet');
    const translation = screen.getByLabelText('Caption of screenshot 1 in Vietnamese') as HTMLInputElement;
    expect(translation.value).toBe('Bảng tính kết quả');
    fireEvent.change(translation, { target: { value: 'Bảng kết quả' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save order and captions' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      screenshots: [{ id: 'a1', caption: 'The result sheet', caption_translation: 'Bảng kết quả' }],
    });
  });
});

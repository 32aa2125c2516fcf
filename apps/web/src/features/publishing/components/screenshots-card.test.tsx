import { cleanup, screen, waitFor } from '@testing-library/react';
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
    renderInApp(<ScreenshotsCard workflowId={ID} focusAdd />);
    const add = await screen.findByRole('button', { name: 'Add screenshot' });
    await waitFor(() => expect(document.activeElement).toBe(add));
    cleanup();
    renderInApp(<ScreenshotsCard workflowId={ID} />);
    await screen.findByText('No screenshots yet.');
    expect(document.activeElement).toBe(document.body);
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Screenshot } from '@flowbay/domain';
import { inLanguage } from '@/test/render';
import { ScreenshotGallery } from './screenshot-gallery';

afterEach(cleanup);

const shots: Screenshot[] = [
  { id: 'a', url: '/files/screenshots/u/a.webp', width: 1600, height: 900, caption: 'The canvas' },
  { id: 'b', url: '/files/screenshots/u/b.webp', width: 800, height: 600, caption: '' },
  { id: 'c', url: '/files/screenshots/u/c.webp', width: 1200, height: 800, caption: 'The result in Sheets' },
].map((shot) => ({ ...shot, caption_original: shot.caption, caption_translation: '' }));

const viewer = () => screen.getByRole('dialog');
const shownImage = () => within(viewer()).getByRole('img');

describe('ScreenshotGallery (English)', () => {
  beforeAll(() => inLanguage('en'));

  it('shows thumbnails with their width and height and opens the chosen one', () => {
    render(<ScreenshotGallery screenshots={shots} title="Invoice alerts" />);
    const thumbs = screen.getAllByRole('button', { name: /Open screenshot/ });
    expect(thumbs).toHaveLength(3);
    const first = within(thumbs[0]!).getByRole('img');
    expect(first.getAttribute('width')).toBe('1600');
    expect(first.getAttribute('height')).toBe('900');
    expect(screen.getByRole('img', { name: 'Screenshot 2 of Invoice alerts' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Open screenshot 2 of 3' }));
    expect(within(viewer()).getByRole('heading', { name: 'Screenshot 2 of 3' })).toBeTruthy();
    expect(shownImage().getAttribute('src')).toBe('/files/screenshots/u/b.webp');
  });

  it('moves with the arrow keys (wrapping around), closes with Escape and gives focus back', async () => {
    render(<ScreenshotGallery screenshots={shots} title="Invoice alerts" />);
    const third = screen.getByRole('button', { name: 'Open screenshot 3 of 3' });
    third.focus();
    fireEvent.click(third);
    expect(viewer().contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(viewer(), { key: 'ArrowRight' });
    expect(shownImage().getAttribute('alt')).toBe('The canvas');
    fireEvent.keyDown(viewer(), { key: 'ArrowLeft' });
    expect(shownImage().getAttribute('alt')).toBe('The result in Sheets');
    fireEvent.keyDown(viewer(), { key: 'ArrowLeft' });
    expect(shownImage().getAttribute('src')).toBe('/files/screenshots/u/b.webp');
    expect(within(viewer()).getByText('2 / 3')).toBeTruthy();

    fireEvent.keyDown(viewer(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(third));
  });

  it('moves on a horizontal swipe and with the buttons', () => {
    render(<ScreenshotGallery screenshots={shots} title="Invoice alerts" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open screenshot 1 of 3' }));
    const stage = screen.getByTestId('screenshot-stage');
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { clientX: 120, clientY: 110 });
    expect(shownImage().getAttribute('src')).toBe('/files/screenshots/u/b.webp');
    // A short or mostly vertical movement is not a swipe.
    fireEvent.pointerDown(stage, { clientX: 100, clientY: 100 });
    fireEvent.pointerUp(stage, { clientX: 120, clientY: 300 });
    expect(shownImage().getAttribute('src')).toBe('/files/screenshots/u/b.webp');
    fireEvent.click(within(viewer()).getByRole('button', { name: 'Next screenshot' }));
    expect(shownImage().getAttribute('src')).toBe('/files/screenshots/u/c.webp');
    fireEvent.click(within(viewer()).getByRole('button', { name: 'Previous screenshot' }));
    expect(shownImage().getAttribute('src')).toBe('/files/screenshots/u/b.webp');
  });

  it('shows nothing without screenshots', () => {
    render(<ScreenshotGallery screenshots={[]} title="Invoice alerts" />);
    expect(screen.queryByTestId('screenshot-gallery')).toBeNull();
  });
});

describe('ScreenshotGallery (Vietnamese)', () => {
  beforeAll(() => inLanguage('vi'));

  it('names the viewer and its buttons in Vietnamese', () => {
    render(<ScreenshotGallery screenshots={shots} title="Cảnh báo hoá đơn" />);
    fireEvent.click(screen.getByRole('button', { name: 'Mở ảnh chụp màn hình 1 trên 3' }));
    expect(within(viewer()).getByRole('heading', { name: 'Ảnh chụp màn hình 1 trên 3' })).toBeTruthy();
    expect(within(viewer()).getByRole('button', { name: 'Ảnh tiếp theo' })).toBeTruthy();
    expect(within(viewer()).getByRole('button', { name: 'Đóng' })).toBeTruthy();
  });
});

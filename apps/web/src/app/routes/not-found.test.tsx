import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, inLanguage } from '@/test/render';
import { Component as NotFoundPage } from './not-found';

describe('unknown address', () => {
  it('says 404 and links back home, in English', async () => {
    await inLanguage('en');
    renderInApp(<NotFoundPage />, { path: '/no-such-page' });
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Oops! Page not found | Flowbay');
  });

  it('speaks Vietnamese when the visitor does', async () => {
    await inLanguage('vi');
    renderInApp(<NotFoundPage />, { path: '/khong-co' });
    expect(screen.getByRole('heading', { name: 'Rất tiếc! Không tìm thấy trang' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Về trang chủ' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Oops! Page not found')).toBeNull();
  });
});

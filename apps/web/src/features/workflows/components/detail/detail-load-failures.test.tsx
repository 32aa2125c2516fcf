import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/api-stub';
import { inLanguage, renderInApp } from '@/test/render';
import { workflowDetail } from '@/test/workflows';
import { AuthorCard } from './author-card';
import { DetailVersions } from './detail-versions';

const failing = () => Response.json({ error: { code: 'INTERNAL', message: 'down' } }, { status: 500 });

afterEach(() => vi.unstubAllGlobals());

describe('the detail page when a side request fails', () => {
  it('says the versions could not be loaded, in both languages', async () => {
    stubFetch(failing);
    await inLanguage('en');
    renderInApp(<DetailVersions workflow={workflowDetail()} />, { path: '/workflows/x' });
    expect((await screen.findByRole('alert'))?.textContent).toContain('Error fetching versions');
  });

  it("says the author's statistics could not be loaded", async () => {
    stubFetch(failing);
    await inLanguage('vi');
    renderInApp(<AuthorCard workflow={workflowDetail()} />, { path: '/workflows/x' });
    expect((await screen.findByRole('alert'))?.textContent).toContain('Không tải được số liệu của tác giả.');
  });

  it('shows the statistics when they arrive', async () => {
    stubFetch(() => Response.json({ workflowCount: 3, totalFavorites: 1 }));
    await inLanguage('en');
    renderInApp(<AuthorCard workflow={workflowDetail()} />, { path: '/workflows/x' });
    expect(await screen.findByText(/3 workflows/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

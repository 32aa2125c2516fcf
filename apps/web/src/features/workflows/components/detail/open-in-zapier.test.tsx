import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inLanguage, renderInApp } from '@/test/render';
import { OpenInZapier } from './open-in-zapier';

beforeAll(() => inLanguage('en'));
afterEach(() => cleanup());

const LINK = 'https://zapier.com/shared/route-leads/6b1f2c3d';
const on = (platform: string, link: string | null) => ({
  categories: [{ id: platform, name: platform, name_vi: platform, slug: platform }],
  zapier_share_url: link,
});

describe('Open in Zapier', () => {
  it("links a Zapier listing to its author's share link, in a new tab", () => {
    renderInApp(<OpenInZapier workflow={on('zapier', LINK) as never} />);
    const link = screen.getByRole('link', { name: 'Open in Zapier' });
    expect(link.getAttribute('href')).toBe(LINK);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows nothing without a link, on another platform, or for a link off zapier.com', () => {
    for (const workflow of [
      on('zapier', null),
      on('make', LINK),
      on('zapier', 'https://evil.example/shared/x'),
      on('zapier', 'javascript:alert(1)'),
    ]) {
      renderInApp(<OpenInZapier workflow={workflow as never} />);
      expect(screen.queryByRole('link')).toBeNull();
      cleanup();
    }
  });
});

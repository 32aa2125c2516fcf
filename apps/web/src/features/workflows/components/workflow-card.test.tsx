import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkflowCard as WorkflowCardData } from '@flowbay/domain';
import { renderInApp, inLanguage } from '@/test/render';
import { WorkflowCard } from './workflow-card';

function card(overrides: Partial<WorkflowCardData> = {}): WorkflowCardData {
  return {
    id: '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
    number: 42,
    slug: 'sync-shopify-orders',
    title: 'Sync Shopify orders',
    description: '**Copies** every new order into a sheet.',
    language: 'en',
    languages: ['en'],
    shown_language: 'en',
    price: 199_000,
    cover_image_url: null,
    cover_thumb_url: null,
    version: '1.0.0',
    views: 1_234,
    favorites_count: 7,
    downloads: 56,
    rating_average: 4.5,
    rating_count: 12,
    user_id: 'author-1',
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    status: 'listed',
    profiles: { id: 'author-1', full_name: 'Lan Nguyen', display_name: null, avatar_url: null },
    categories: [{ id: 'c1', name: 'E-commerce', name_vi: 'Thương mại điện tử' }],
    workflow_subcategories: [
      { subcategory_id: 's1', subcategories: { id: 's1', name: 'Orders', name_vi: 'Đơn hàng' } },
    ],
    node_summary: null,
    compat: null,
    setup: null,
    ...overrides,
  };
}

describe('workflow card', () => {
  it('links its title to the workflow and shows price, plain description, rating and author', async () => {
    await inLanguage('en');
    renderInApp(<WorkflowCard workflow={card()} />);
    const link = screen.getByRole('link', { name: 'Sync Shopify orders' });
    expect(link.getAttribute('href')).toBe(
      '/workflows/sync-shopify-orders-8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e6f',
    );
    expect(screen.getByText('199,000 VNĐ')).toBeTruthy();
    expect(screen.getByText('Copies every new order into a sheet.')).toBeTruthy();
    expect(screen.getByTestId('card-rating').textContent).toContain('4.5');
    expect(screen.getByText('Lan Nguyen')).toBeTruthy();
    expect(screen.getByText('E-commerce')).toBeTruthy();
    expect(screen.getByText('Orders')).toBeTruthy();
  });

  it('says when nobody rated it, in Vietnamese with Vietnamese names', async () => {
    await inLanguage('vi');
    renderInApp(<WorkflowCard workflow={card({ rating_average: null, rating_count: 0, price: 0 })} />);
    expect(screen.queryByTestId('card-rating')).toBeNull();
    expect(screen.getByText('Miễn phí')).toBeTruthy();
    expect(screen.getByText('Thương mại điện tử')).toBeTruthy();
    expect(screen.getByText('Đơn hàng')).toBeTruthy();
  });
});

describe("workflow card: the text's language", () => {
  it('tags an English-only listing "EN" for a Vietnamese visitor, and says so to screen readers', async () => {
    await inLanguage('vi');
    renderInApp(<WorkflowCard workflow={card()} />);
    const tag = screen.getByTestId('language-tag');
    expect(tag.textContent).toContain('EN');
    expect(within(tag).getByText('Viết bằng tiếng Anh')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sync Shopify orders' }).getAttribute('lang')).toBe('en');
  });

  it("shows no tag when the text is in the visitor's language, the original or a translation", async () => {
    await inLanguage('vi');
    renderInApp(
      <>
        <WorkflowCard
          workflow={card({
            title: 'Đồng bộ đơn hàng Shopify',
            languages: ['en', 'vi'],
            shown_language: 'vi',
          })}
        />
        <WorkflowCard
          workflow={card({
            id: 'a1',
            title: 'Gửi hoá đơn',
            language: 'vi',
            languages: ['vi'],
            shown_language: 'vi',
          })}
        />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Đồng bộ đơn hàng Shopify' })).toBeTruthy();
    expect(screen.queryByTestId('language-tag')).toBeNull();
  });

  it('tags a Vietnamese-only listing "VI" for an English visitor', async () => {
    await inLanguage('en');
    renderInApp(
      <WorkflowCard
        workflow={card({ title: 'Gửi hoá đơn', language: 'vi', languages: ['vi'], shown_language: 'vi' })}
      />,
    );
    const tag = screen.getByTestId('language-tag');
    expect(tag.textContent).toContain('VI');
    expect(within(tag).getByText('Written in Vietnamese')).toBeTruthy();
  });
});

describe('workflow card: the n8n releases it runs on and its setup', () => {
  afterEach(() => {
    document.cookie = 'n8n=; path=/; max-age=0';
  });

  it('shows the release range and the setup estimate, in words for screen readers too', async () => {
    await inLanguage('en');
    renderInApp(
      <>
        <WorkflowCard
          workflow={card({
            compat: { min: '1.76', max: null },
            setup: { difficulty: 'beginner', setup_minutes: 10 },
          })}
        />
        <WorkflowCard
          workflow={card({
            id: '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e70',
            compat: { min: '1.22', max: '1.123' },
          })}
        />
      </>,
    );
    const [from, range] = screen.getAllByTestId('compat-badge');
    expect(from!.textContent).toBe('n8n ≥ 1.76');
    expect(screen.getByRole('img', { name: 'Runs on n8n 1.76 or later' })).toBe(from);
    expect(range!.textContent).toBe('n8n 1.22 – 1.123');
    expect(screen.getByRole('img', { name: 'Runs on n8n 1.22 to 1.123' })).toBe(range);
    expect(screen.getByText('Beginner · 10 min')).toBeTruthy();
    expect(screen.getByText('Beginner, about 10 minutes to set up')).toBeTruthy();
  });

  it('says it in Vietnamese, and shows no badge when no release was computed', async () => {
    await inLanguage('vi');
    renderInApp(
      <>
        <WorkflowCard
          workflow={card({
            compat: { min: '1.76', max: null },
            setup: { difficulty: 'advanced', setup_minutes: 45 },
          })}
        />
        <WorkflowCard
          workflow={card({ id: '8d1f7a36-6a3c-4a0e-9a51-3f1b2c4d5e70', compat: { min: null, max: null } })}
        />
      </>,
    );
    expect(screen.getAllByTestId('compat-badge')).toHaveLength(1);
    expect(screen.getByText('n8n từ 1.76')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Chạy trên n8n 1.76 trở lên' })).toBeTruthy();
    expect(screen.getByText('Nâng cao · 45 phút')).toBeTruthy();
  });

  it("marks the cards that will not run on the visitor's remembered n8n, and why", async () => {
    await inLanguage('en');
    document.cookie = 'n8n=1.98; path=/';
    renderInApp(
      <>
        <WorkflowCard workflow={card({ title: 'Too new', compat: { min: '2.3', max: null } })} />
        <WorkflowCard workflow={card({ id: 'a1', title: 'Too old', compat: { min: '1.0', max: '1.50' } })} />
        <WorkflowCard workflow={card({ id: 'a2', title: 'Fits', compat: { min: '1.76', max: null } })} />
        <WorkflowCard workflow={card({ id: 'a3', title: 'Make one', compat: null })} />
      </>,
    );
    const marks = await screen.findAllByTestId('release-verdict');
    expect(marks.map((mark) => [mark.textContent, mark.dataset.runs])).toEqual([
      ['Not on your n8n 1.98: needs 2.3 or later', 'false'],
      ['Not on your n8n 1.98: runs up to 1.50', 'false'],
      ['Runs on your n8n 1.98', 'true'],
    ]);
  });

  it('marks them in Vietnamese', async () => {
    await inLanguage('vi');
    document.cookie = 'n8n=1.98; path=/';
    renderInApp(
      <>
        <WorkflowCard workflow={card({ compat: { min: '2.3', max: null } })} />
        <WorkflowCard workflow={card({ id: 'a1', compat: { min: '1.0', max: '1.50' } })} />
      </>,
    );
    expect(await screen.findByText('Không chạy trên n8n 1.98 của bạn: cần bản 2.3 trở lên')).toBeTruthy();
    expect(screen.getByText('Không chạy trên n8n 1.98 của bạn: chỉ chạy đến bản 1.50')).toBeTruthy();
  });
});

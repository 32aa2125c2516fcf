import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RelatedWorkflows, WorkflowCard, WorkflowDetail } from '@flowbay/domain';
import { initI18n } from '@/i18n';
import { i18n } from '@/i18n';
import { DetailLayout, type ShownText } from './detail-layout';
// The parts the page loads lazily (the share menu, the markdown guide, a paid workflow's graph), imported
// here: they are loaded before any test runs, and no wait below depends on a chunk's first transform.
import './share-menu';
import '../usage-guide';
import '../../preview/structure-panel';

beforeAll(() => initI18n('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const AUTHOR = { id: 'author-1', full_name: 'Lê Minh', display_name: null, avatar_url: null };

function card(id: string, title: string): WorkflowCard {
  return {
    id,
    number: 7,
    slug: title.toLowerCase().replace(/\W+/g, '-'),
    title,
    description: 'Does things',
    language: 'en',
    languages: ['en'],
    shown_language: 'en',
    price: 0,
    cover_image_url: null,
    cover_thumb_url: null,
    version: '1.0',
    views: 0,
    favorites_count: 0,
    downloads: 0,
    rating_average: null,
    rating_count: 0,
    user_id: AUTHOR.id,
    created_at: '2026-01-02T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    status: 'listed',
    profiles: AUTHOR,
    categories: [],
    workflow_subcategories: [],
    node_summary: null,
    compat: null,
    setup: null,
  };
}

const ID = '5b0a8a1e-2f59-4b8e-9c37-1d3f6c2a9e10';

function detail(overrides: Partial<WorkflowDetail> = {}): WorkflowDetail {
  return {
    ...card(ID, 'Sync Shopify orders to Google Sheets'),
    description: '## Setup\n\nConnect **Shopify** and _Google Sheets_.',
    price: 499_000,
    node_summary: {
      platform: 'n8n',
      workflowCount: 1,
      nodeCount: 5,
      edgeCount: 4,
      apps: [
        { key: 'schedule', name: 'Schedule', count: 1, core: true },
        { key: 'shopify', name: 'Shopify', count: 1 },
        { key: 'google-sheets', name: 'Google Sheets', count: 2 },
      ],
    },
    file_url: null,
    workflow_data: null,
    tested_with: 'n8n 1.80',
    zapier_share_url: null,
    show_notes_before_purchase: false,
    commercial_price: null,
    agency_price: null,
    agency_clients: null,
    requirements: null,
    access: { can_download: false, can_manage: false, purchased: false, reason: 'payment_required' },
    has_pending_changes: false,
    screenshots: [],
    faq: [],
    texts: { en: { title: 'Sync Shopify orders to Google Sheets', description: '', faq: [] }, vi: null },
    purchase_count: null,
    buyer_summary: {
      platform: 'n8n',
      apps: [
        { key: 'shopify', name: 'Shopify' },
        { key: 'google-sheets', name: 'Google Sheets' },
      ],
      node_count: 5,
      credentials: ['Shopify', 'Google Sheets'],
      community_packages: [],
      tested_with: 'n8n 1.80',
      versions: [],
    },
    compatibility: null,
    checked: null,
    credentials_needed: [],
    ...overrides,
  };
}

/** The API as the page's queries see it: related lists, versions and the author's stats. */
function stubApi(related: RelatedWorkflows) {
  const written: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === `/api/workflows/${ID}/related`) return Response.json(related);
      if (url === `/api/workflows/${ID}/versions`) return Response.json([]);
      if (url.startsWith('/api/author-stats/'))
        return Response.json({ workflowCount: 3, totalFavorites: 12, ratingAverage: null, ratingCount: 0 });
      return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
    }),
  );
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void written.push(text) },
  });
  return written;
}

function renderLayout(
  workflow: WorkflowDetail,
  shown: ShownText = { title: workflow.title, description: workflow.description },
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DetailLayout
          workflow={workflow}
          shown={shown}
          onDownload={() => undefined}
          purchase={<div data-testid="buy-slot">buy</div>}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const before = (first: Element, second: Element) =>
  Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('DetailLayout', () => {
  it('puts the title, price, actions, apps and description before the preview', () => {
    stubApi({ related: [], by_author: [] });
    renderLayout(detail());
    const title = screen.getByRole('heading', { level: 1, name: 'Sync Shopify orders to Google Sheets' });
    const price = screen.getAllByText('499,000 VNĐ')[0]!;
    const actions = screen.getByTestId('detail-actions');
    const facts = screen.getByTestId('apps-and-requirements');
    const description = screen.getByTestId('description');
    const preview = screen.getByTestId('preview-section');
    for (const [first, second] of [
      [price, title],
      [title, actions],
      [actions, facts],
      [facts, description],
      [description, preview],
    ] as const) {
      expect(before(first, second)).toBe(true);
    }
    // The apps by name, each with its brand icon (decorative beside the name), and what must be
    // connected; core nodes are not apps.
    const apps = within(facts).getByRole('list', { name: 'Apps and services' });
    expect([...apps.querySelectorAll('img')].map((icon) => icon.getAttribute('src'))).toEqual([
      '/api/icons/shopify.png',
      '/api/icons/google-sheets.png',
    ]);
    expect(within(apps).queryAllByRole('img')).toEqual([]);
    expect(facts.textContent).toContain('Shopify, Google Sheets');
    expect(facts.textContent).toContain('n8n 1.80');
  });

  it("lists a free workflow's apps from its file summary", () => {
    stubApi({ related: [], by_author: [] });
    renderLayout(
      detail({
        price: 0,
        buyer_summary: null,
        access: { can_download: false, can_manage: false, purchased: false, reason: 'free' },
      }),
    );
    const apps = within(screen.getByTestId('apps-and-requirements')).getByRole('list');
    expect(
      within(apps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Shopify', 'Google Sheets']);
  });

  it('shows related workflows and more from the author, after the preview', async () => {
    stubApi({
      related: [card('11111111-1111-4111-8111-111111111111', 'Shopify refunds to Slack')],
      by_author: [card('22222222-2222-4222-8222-222222222222', 'Daily sales digest')],
    });
    renderLayout(detail());
    const related = await screen.findByRole('region', { name: 'Related workflows' });
    expect(within(related).getByRole('link', { name: 'Shopify refunds to Slack' })).toBeDefined();
    const mine = screen.getByRole('region', { name: 'More from Lê Minh' });
    expect(within(mine).getByRole('link', { name: 'Daily sales digest' })).toBeDefined();
    expect(before(screen.getByTestId('preview-section'), related)).toBe(true);
  });

  it('leaves out a list with nothing in it', async () => {
    stubApi({ related: [], by_author: [card('22222222-2222-4222-8222-222222222222', 'Daily sales digest')] });
    renderLayout(detail());
    await screen.findByRole('region', { name: 'More from Lê Minh' });
    expect(screen.queryByRole('region', { name: 'Related workflows' })).toBeNull();
  });

  it('shares plain text for Zalo: title, summary and link, no markdown', async () => {
    const written = stubApi({ related: [], by_author: [] });
    renderLayout(detail());
    // The first press opens the menu as it loads; later ones open it the way Radix's trigger does.
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const trigger = screen.getByRole('button', { name: 'Share' });
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Copy text for Zalo' }));
    await waitFor(() => expect(written).toHaveLength(2));
    expect(written[0]).toBe(window.location.href);
    expect(written[1]).toBe(
      `Sync Shopify orders to Google Sheets\n\nSetup Connect Shopify and Google Sheets.\n\n${window.location.href}`,
    );
  });

  it("tags the listing's own text when it is not in the visitor's language, in the visitor's words", async () => {
    stubApi({ related: [], by_author: [] });
    await i18n.changeLanguage('vi');
    try {
      const { unmount } = renderLayout(detail(), {
        title: 'Sync Shopify orders to Google Sheets',
        description: '',
        lang: 'en',
      });
      const title = screen.getByRole('heading', { level: 1, name: 'Sync Shopify orders to Google Sheets' });
      expect(title.getAttribute('lang')).toBe('en');
      const tag = screen.getByTestId('language-tag');
      expect(tag.textContent).toContain('EN');
      expect(within(tag).getByText('Viết bằng tiếng Anh')).toBeTruthy();
      unmount();
      // Its Vietnamese translation, as the API sends it to a Vietnamese visitor: no tag.
      renderLayout(
        detail({
          title: 'Đồng bộ đơn Shopify sang Google Sheets',
          languages: ['en', 'vi'],
          shown_language: 'vi',
        }),
        { title: 'Đồng bộ đơn Shopify sang Google Sheets', description: '', lang: 'vi' },
      );
      expect(
        screen.getByRole('heading', { level: 1, name: 'Đồng bộ đơn Shopify sang Google Sheets' }),
      ).toBeTruthy();
      expect(screen.queryByTestId('language-tag')).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows no tag over a machine translation the reader asked for', () => {
    stubApi({ related: [], by_author: [] });
    renderLayout(detail({ language: 'vi', languages: ['vi'], shown_language: 'vi' }), {
      title: 'Sync Shopify orders to Google Sheets',
      description: '',
      lang: 'en',
      translated: true,
    });
    expect(screen.queryByTestId('language-tag')).toBeNull();
  });

  it('tags a Vietnamese-only listing "VI" for an English visitor', () => {
    stubApi({ related: [], by_author: [] });
    renderLayout(detail({ title: 'Gửi hóa đơn', language: 'vi', languages: ['vi'], shown_language: 'vi' }));
    expect(within(screen.getByTestId('language-tag')).getByText('Written in Vietnamese')).toBeTruthy();
  });
});

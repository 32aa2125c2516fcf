import type { WorkflowDetail } from '@flowbay/domain';

/**
 * A listed paid n8n workflow's detail as the API answers it to a stranger (no file, may not
 * download), for the web tests; `overrides` set what a test is about (its author's access, its tiers).
 */
export function workflowDetail(overrides: Partial<WorkflowDetail> = {}): WorkflowDetail {
  return {
    id: '5b0a8a1e-2f59-4b8e-9c37-1d3f6c2a9e10',
    number: 7,
    slug: 'paid-flow',
    title: 'Paid lead router',
    description: 'Routes leads.',
    language: 'en',
    languages: ['en'],
    shown_language: 'en',
    price: 250_000,
    commercial_price: null,
    agency_price: null,
    agency_clients: null,
    cover_image_url: '/covers/a.webp',
    cover_thumb_url: null,
    version: '1.0',
    views: 0,
    favorites_count: 0,
    downloads: 0,
    rating_average: null,
    rating_count: 0,
    user_id: 'author',
    created_at: '2026-01-02T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    status: 'listed',
    profiles: { id: 'author', full_name: 'Author', display_name: null, avatar_url: null },
    categories: [{ id: 'n8n', name: 'n8n', name_vi: 'n8n' }],
    workflow_subcategories: [{ subcategory_id: 'productivity' }],
    node_summary: null,
    file_url: null,
    workflow_data: null,
    tested_with: null,
    zapier_share_url: null,
    show_notes_before_purchase: false,
    requirements: null,
    access: { can_download: false, can_manage: false, purchased: false, reason: 'payment_required' },
    has_pending_changes: false,
    screenshots: [],
    faq: [],
    texts: { en: { title: 'Paid lead router', description: 'Routes leads.', faq: [] }, vi: null },
    purchase_count: null,
    buyer_summary: null,
    compat: null,
    setup: null,
    compatibility: null,
    checked: null,
    credentials_needed: [],
    ...overrides,
  } as WorkflowDetail;
}

/** What the author's own access to their workflow is. */
export const AUTHOR_ACCESS: WorkflowDetail['access'] = {
  can_download: true,
  can_manage: true,
  purchased: false,
  reason: 'author',
};

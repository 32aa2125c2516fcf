/**
 * Every page of the web app in one table: the web router mounts these patterns, and the server reads
 * them for its page handling (which addresses are pages, which are public, indexable, in the sitemap
 * or kept out of robots). Patterns use React Router's syntax (`:param`, `*`).
 */
export interface PageRoute {
  /** React Router path pattern, absolute. */
  pattern: string;
  /** `public`: anyone may open it and the server gives it its own head; `signed-in`: the app's own screens. */
  access: 'public' | 'signed-in';
  /** Whether search engines should index it (`noindex` otherwise). */
  indexable: boolean;
  /** Listed in robots.txt as `Disallow` (signed-in and private pages; `:param` becomes `*`). */
  disallow?: boolean;
  /**
   * Who may open it in the app: `user` needs a session (a visitor is sent to sign in and back),
   * `admin` the admin role too. The web router wraps these pages in one guard layout.
   */
  guard?: 'user' | 'admin';
}

export const PAGES = {
  home: { pattern: '/', access: 'public', indexable: true },
  catalog: { pattern: '/workflows', access: 'public', indexable: true },
  workflow: { pattern: '/workflows/:ref', access: 'public', indexable: true },
  publicProfile: { pattern: '/profiles/:id', access: 'public', indexable: true },
  bundle: { pattern: '/bundles/:slug', access: 'public', indexable: true },
  guide: { pattern: '/guide', access: 'public', indexable: true },
  contact: { pattern: '/contact', access: 'public', indexable: true },
  faq: { pattern: '/faq', access: 'public', indexable: true },
  terms: { pattern: '/terms', access: 'public', indexable: true },
  privacy: { pattern: '/privacy', access: 'public', indexable: true },
  profile: { pattern: '/profile', access: 'signed-in', indexable: false, disallow: true, guard: 'user' },
  workflowNew: {
    pattern: '/workflows/new',
    access: 'signed-in',
    indexable: false,
    disallow: true,
    guard: 'user',
  },
  workflowEdit: {
    pattern: '/workflows/:ref/edit',
    access: 'signed-in',
    indexable: false,
    disallow: true,
    guard: 'user',
  },
  auth: { pattern: '/auth', access: 'signed-in', indexable: false, disallow: true },
  verifyEmail: { pattern: '/verify-email', access: 'signed-in', indexable: false },
  resetPassword: { pattern: '/reset-password', access: 'signed-in', indexable: false },
  myWorkflows: { pattern: '/me/workflows', access: 'signed-in', indexable: false, guard: 'user' },
  favorites: { pattern: '/me/favorites', access: 'signed-in', indexable: false, guard: 'user' },
  purchases: { pattern: '/me/purchases', access: 'signed-in', indexable: false, guard: 'user' },
  sales: { pattern: '/me/sales', access: 'signed-in', indexable: false, guard: 'user' },
  taxStatement: { pattern: '/me/tax-statement', access: 'signed-in', indexable: false, guard: 'user' },
  notifications: { pattern: '/me/notifications', access: 'signed-in', indexable: false, guard: 'user' },
  notificationSettings: {
    pattern: '/me/settings/notifications',
    access: 'signed-in',
    indexable: false,
    guard: 'user',
  },
  privacySettings: {
    pattern: '/me/settings/privacy',
    access: 'signed-in',
    indexable: false,
    guard: 'user',
  },
  orderReceipt: { pattern: '/orders/:code', access: 'signed-in', indexable: false, guard: 'user' },
  testGateway: { pattern: '/test-gateway/pay', access: 'signed-in', indexable: false },
  admin: { pattern: '/admin', access: 'signed-in', indexable: false, guard: 'admin' },
  adminPaymentIncidents: {
    pattern: '/admin/payment-incidents',
    access: 'signed-in',
    indexable: false,
    guard: 'admin',
  },
  adminInvoices: { pattern: '/admin/invoices', access: 'signed-in', indexable: false, guard: 'admin' },
  adminPrivacyRequests: {
    pattern: '/admin/privacy-requests',
    access: 'signed-in',
    indexable: false,
    guard: 'admin',
  },
  adminTaxStatement: {
    pattern: '/admin/sellers/:id/tax-statement',
    access: 'signed-in',
    indexable: false,
    guard: 'admin',
  },
  adminAudit: { pattern: '/admin/audit', access: 'signed-in', indexable: false, guard: 'admin' },
  notFound: { pattern: '*', access: 'public', indexable: false },
} as const satisfies Record<string, PageRoute>;

export type PageId = keyof typeof PAGES;

const enc = encodeURIComponent;
const withQuery = (path: string, query?: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/** The zero-based page a list's address asks for (`?page=2` is the second), 0 when absent or wrong. */
export function pageFromSearchParams(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return Number.isFinite(page) && page > 1 ? page - 1 : 0;
}

/** Addresses of the pages; links are built here, never by hand. */
export const paths = {
  home: () => '/',
  catalog: (query?: Record<string, string | undefined>) => withQuery('/workflows', query),
  workflow: (slug: string, id: string) => `/workflows/${slug}-${id}`,
  workflowEdit: (slug: string, id: string) => `/workflows/${slug}-${id}/edit`,
  workflowNew: () => '/workflows/new',
  /** `page` is zero-based; the address counts from 1 and leaves the first page plain. */
  publicProfile: (id: string, page = 0) =>
    withQuery(`/profiles/${enc(id)}`, { page: page > 0 ? String(page + 1) : undefined }),
  bundle: (slug: string) => `/bundles/${enc(slug)}`,
  profile: () => '/profile',
  auth: (tab?: 'signup' | 'forgot') => withQuery('/auth', { tab }),
  guide: () => '/guide',
  contact: () => '/contact',
  faq: () => '/faq',
  terms: () => '/terms',
  privacy: () => '/privacy',
  myWorkflows: () => '/me/workflows',
  favorites: () => '/me/favorites',
  purchases: () => '/me/purchases',
  sales: () => '/me/sales',
  taxStatement: () => '/me/tax-statement',
  notifications: () => '/me/notifications',
  notificationSettings: () => '/me/settings/notifications',
  privacySettings: () => '/me/settings/privacy',
  orderReceipt: (code: string) => `/orders/${enc(code)}`,
  admin: () => '/admin',
  adminPaymentIncidents: () => '/admin/payment-incidents',
  adminInvoices: () => '/admin/invoices',
  adminPrivacyRequests: () => '/admin/privacy-requests',
  /** A seller's yearly withholding statement as an admin sees it: the tax code in full. */
  adminTaxStatement: (sellerId: string, year: number) =>
    withQuery(`/admin/sellers/${enc(sellerId)}/tax-statement`, { year: String(year) }),
  /** The audit trail of admin and money actions, with its filters in the address. */
  adminAudit: (query?: Record<string, string | undefined>) => withQuery('/admin/audit', query),
} as const;

/** Public, indexable pages without parameters: the sitemap's fixed entries. */
export const STATIC_PUBLIC_PAGES = (Object.keys(PAGES) as PageId[]).filter((id) => {
  const page: PageRoute = PAGES[id];
  return page.access === 'public' && page.indexable && !page.pattern.includes(':');
});

const matchers = (Object.keys(PAGES) as PageId[])
  .filter((id) => PAGES[id].pattern !== '*')
  .map((id) => {
    const names: string[] = [];
    const source = PAGES[id].pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { id, names, regex: new RegExp(`^${source === '/' ? '/' : source}/?$`) };
  })
  // Fixed segments win over parameters, as in React Router (`/workflows/new` before `/workflows/:ref`).
  .sort((a, b) => a.names.length - b.names.length);

/** The page an address opens (its parameters decoded), or `notFound`. */
export function matchPage(pathname: string): { id: PageId; params: Record<string, string> } {
  for (const matcher of matchers) {
    const match = matcher.regex.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    matcher.names.forEach((name, index) => {
      try {
        params[name] = decodeURIComponent(match[index + 1]!);
      } catch {
        params[name] = match[index + 1]!;
      }
    });
    return { id: matcher.id, params };
  }
  return { id: 'notFound', params: {} };
}

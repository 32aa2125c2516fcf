import type { PageId } from '@flowbay/domain/routes';

/**
 * Texts a page needs beyond the common ones, each a chunk of its own (i18n/index.ts): `pages`, the
 * long texts of the static pages; `signedIn`, those only signed-in screens show.
 */
export type PageTexts = 'pages' | 'signedIn';

/**
 * Each page's module under ./routes (its file name without `.tsx`), and the texts it needs beyond
 * the common ones. The router loads the page from it; the build (vite.config.ts) lists each page's
 * chunks from it, for the server to name in the page (main.tsx preloads them).
 */
export const PAGE_MODULES: Record<PageId, { file: string; texts?: PageTexts }> = {
  home: { file: 'home' },
  catalog: { file: 'catalog' },
  workflow: { file: 'workflow-detail' },
  publicProfile: { file: 'public-profile' },
  auth: { file: 'auth' },
  verifyEmail: { file: 'verify-email' },
  resetPassword: { file: 'reset-password' },
  profile: { file: 'profile', texts: 'signedIn' },
  workflowNew: { file: 'workflow-new', texts: 'signedIn' },
  workflowEdit: { file: 'workflow-edit', texts: 'signedIn' },
  myWorkflows: { file: 'my-workflows', texts: 'signedIn' },
  favorites: { file: 'favorites', texts: 'signedIn' },
  purchases: { file: 'purchases', texts: 'signedIn' },
  orderReceipt: { file: 'order-receipt', texts: 'signedIn' },
  testGateway: { file: 'test-gateway', texts: 'signedIn' },
  admin: { file: 'admin', texts: 'signedIn' },
  // The admin page, opened at its payment incidents tab (the address the admins' e-mails link to).
  adminPaymentIncidents: { file: 'admin', texts: 'signedIn' },
  guide: { file: 'guide', texts: 'pages' },
  contact: { file: 'contact' },
  faq: { file: 'faq', texts: 'pages' },
  terms: { file: 'terms', texts: 'pages' },
  privacy: { file: 'privacy', texts: 'pages' },
  sales: { file: 'sales', texts: 'signedIn' },
  notFound: { file: 'not-found' },
};

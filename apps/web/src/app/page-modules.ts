import type { PageId } from '@flowbay/domain/routes';

/**
 * Each page's module under ./routes (its file name without `.tsx`), and whether it shows the long
 * texts of the `pages` namespace. The router loads the page from it; the build (vite.config.ts)
 * lists each page's chunks from it, for the server to name in the page (main.tsx preloads them).
 */
export const PAGE_MODULES: Record<PageId, { file: string; pagesText?: true }> = {
  home: { file: 'home' },
  catalog: { file: 'catalog' },
  workflow: { file: 'workflow-detail' },
  publicProfile: { file: 'public-profile' },
  auth: { file: 'auth' },
  verifyEmail: { file: 'verify-email' },
  resetPassword: { file: 'reset-password' },
  profile: { file: 'profile' },
  workflowNew: { file: 'workflow-new' },
  workflowEdit: { file: 'workflow-edit' },
  myWorkflows: { file: 'my-workflows' },
  favorites: { file: 'favorites' },
  purchases: { file: 'purchases' },
  orderReceipt: { file: 'order-receipt' },
  testGateway: { file: 'test-gateway' },
  admin: { file: 'admin' },
  guide: { file: 'guide', pagesText: true },
  contact: { file: 'contact' },
  faq: { file: 'faq', pagesText: true },
  terms: { file: 'terms', pagesText: true },
  privacy: { file: 'privacy', pagesText: true },
  sales: { file: 'sales' },
  notFound: { file: 'not-found' },
};

import type { PageId } from '@flowbay/domain/routes';
import type { PageDeclaration } from './page';
import { page as bundle } from './routes/bundle.page';
import { page as catalog } from './routes/catalog.page';
import { page as contact } from './routes/contact.page';
import { page as faq } from './routes/faq.page';
import { page as guide } from './routes/guide.page';
import { page as home } from './routes/home.page';
import { page as notFound } from './routes/not-found.page';
import { page as privacy } from './routes/privacy.page';
import { page as publicProfile } from './routes/public-profile.page';
import { page as terms } from './routes/terms.page';
import { page as workflow } from './routes/workflow-detail.page';

export type { PageTexts } from './page';

/** A signed-in screen: its module under ./routes, with the signed-in texts. */
const signedIn = (file: string): PageDeclaration<never> => ({ file, texts: 'signedIn' });

/**
 * Every page's declaration: the public pages' own (`routes/<file>.page.ts`, with their heads), the
 * signed-in screens' module and texts inline (their heads are the app's: they are never indexed).
 * The router loads the page from it; the build (vite.config.ts) lists each page's chunks from it,
 * for the server to name in the page (main.tsx preloads them); the server writes public heads from it;
 * prefetch.ts finds each page's data declaration (`routes/<file>.data.ts`) by its `file`.
 */
export const PAGE_MODULES: Record<PageId, PageDeclaration<never>> = {
  home,
  catalog,
  workflow,
  publicProfile,
  bundle,
  auth: { file: 'auth' },
  verifyEmail: { file: 'verify-email' },
  resetPassword: { file: 'reset-password' },
  profile: signedIn('profile'),
  workflowNew: signedIn('workflow-new'),
  workflowEdit: signedIn('workflow-edit'),
  myWorkflows: signedIn('my-workflows'),
  favorites: signedIn('favorites'),
  purchases: signedIn('purchases'),
  orderReceipt: signedIn('order-receipt'),
  testGateway: signedIn('test-gateway'),
  admin: signedIn('admin'),
  // The admin page, opened at its payment incidents tab (the address the admins' e-mails link to).
  adminPaymentIncidents: signedIn('admin'),
  adminInvoices: signedIn('admin'),
  // The admin page, opened at its data requests tab.
  adminPrivacyRequests: signedIn('admin'),
  adminTaxStatement: signedIn('admin-tax-statement'),
  adminAudit: signedIn('admin-audit'),
  guide,
  contact,
  faq,
  terms,
  privacy,
  sales: signedIn('sales'),
  taxStatement: signedIn('tax-statement'),
  notifications: signedIn('notifications'),
  notificationSettings: signedIn('notification-settings'),
  privacySettings: signedIn('privacy-settings'),
  notFound,
};

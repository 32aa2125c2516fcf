import type { AuthorStats, WorkflowDetail, WorkflowVersion } from './api.ts';
import type { PaymentProviders } from './commerce.ts';
import type { ReviewList } from './ratings.ts';
import type { TranslateStatus } from './translate.ts';

/**
 * Answers the server already has for a page it renders, as its API would send them to the visitor
 * (the same schemas, through JSON). The page's data declaration in the web app
 * (`routes/<file>.data.ts`, its `seed`) puts them in the render's query cache instead of asking for
 * them; the server (modules/web) gives them.
 */
export interface KnownPageData {
  workflow?: { ref: string; data: WorkflowDetail };
  /** The workflow's versions, the first page of its reviews, and its author's totals. */
  versions?: WorkflowVersion[];
  reviews?: ReviewList;
  authorStats?: AuthorStats;
  /** Whether translation is offered, and (for a paid workflow) the ways to pay. */
  translateStatus?: TranslateStatus;
  paymentProviders?: PaymentProviders;
  /** The n8n release the visitor remembered ("My n8n is …", its cookie), null when none. */
  n8nRelease?: string | null;
}

import { z } from 'zod';
import { PAGE_LIMIT_MAX, SEARCH_MAX } from './limits.ts';
import { PRICE_FILTERS } from './price.ts';
import { APP_FILTER_MAX, SORTS } from './catalog-terms.ts';
import { N8nRelease } from './checks.ts';
import { VALIDATION_KEYS } from './publishing.ts';

export * from './catalog-terms.ts';

const intFromQuery = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min)
    .max(max);

/** Query of `GET /api/workflows` (docs/product.md, "Visitors: finding a workflow"). Page is zero-based. */
export const ListWorkflowsQuery = z.object({
  page: intFromQuery(0, 100_000).default(0),
  limit: intFromQuery(1, PAGE_LIMIT_MAX).optional(),
  search: z.string().trim().max(SEARCH_MAX).optional(),
  category: z.string().trim().max(64).optional(),
  subcategory: z.string().trim().max(64).optional(),
  price: z.enum(PRICE_FILTERS).default('all'),
  /** Unset means newest first, or best match first when searching. */
  sort: z.enum(SORTS).optional(),
  user_id: z.string().trim().max(64).optional(),
  /** Apps the workflows must all use: app keys, comma-separated ("slack,notion"). */
  app: z
    .string()
    .trim()
    .max(APP_FILTER_MAX * 81)
    .regex(/^([a-z0-9][a-z0-9.@/_-]{0,79}(,[a-z0-9][a-z0-9.@/_-]{0,79})*)?$/i, {
      error: 'must be app keys separated by commas',
    })
    .refine((value) => value.split(',').length <= APP_FILTER_MAX, { error: `at most ${APP_FILTER_MAX} apps` })
    .optional(),
  /**
   * An n8n release ("1.98", "2.41.1"): n8n listings known not to run on it are left out (Make and
   * Zapier listings, and those without a computed bound, stay).
   */
  n8n: z
    .string()
    .trim()
    .refine((value) => N8nRelease.safeParse(value).success, { error: VALIDATION_KEYS.n8nRelease })
    .optional(),
  /** "Available in my language": only listings written (originally or translated) in this language. */
  in_language: z.enum(['en', 'vi']).optional(),
});
export type ListWorkflowsQuery = z.infer<typeof ListWorkflowsQuery>;

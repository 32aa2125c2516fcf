import { z } from 'zod';
import { PAGE_LIMIT_MAX, SEARCH_MAX } from './limits.ts';
import { PRICE_FILTERS } from './price.ts';

export const SORTS = [
  'created_at_desc',
  'created_at_asc',
  'views_desc',
  'views_asc',
  'price_asc',
  'price_desc',
  'rating_desc',
] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = 'created_at_desc';

const intFromQuery = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min)
    .max(max);

/** Query of `GET /api/workflows` (spec section 7). Page is zero-based. */
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
});
export type ListWorkflowsQuery = z.infer<typeof ListWorkflowsQuery>;

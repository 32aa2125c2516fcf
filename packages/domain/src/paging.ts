import { z } from 'zod';

/** A zero-based page number from a query string (`?page=2`), bounded so a page costs bounded work. */
export const pageNumber = (max = 100_000) => z.coerce.number().int().min(0).max(max).default(0);

/** A page query of the paged lists (my workflows, favourites, the review queue). */
export const PageQuery = z.object({ page: pageNumber() });

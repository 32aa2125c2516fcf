/**
 * The catalogue's sorts and app filter, without zod: the catalogue page and its filters read them in
 * the browser, which then need not load zod (about 20 KB compressed) to show the page.
 */
export const SORTS = [
  'created_at_desc',
  'created_at_asc',
  'views_desc',
  'views_asc',
  'price_asc',
  'price_desc',
  /** Best match first: the default with a search (without one it means newest first). */
  'relevance',
  'rating_desc',
] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = 'created_at_desc';
/** How many apps one catalogue filter may require at once. */
export const APP_FILTER_MAX = 5;

/** The app keys of a `?app=` filter, lower-cased, without repeats. */
export function appFilterKeys(value: string | undefined): string[] {
  return value ? [...new Set(value.toLowerCase().split(',').filter(Boolean))] : [];
}

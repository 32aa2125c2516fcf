/** What other modules may use of the catalogue (besides catalog.service.ts). */
export type { SearchSync } from './search/search-sync.ts';
export { words as searchWords } from '@flowbay/search';

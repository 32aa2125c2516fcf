/**
 * The catalogue's search engine (docs/decisions/0007-search-index.md): an in-memory index of listed
 * workflows with accent folding, typo and English–Vietnamese tolerance, ranking and facets. It knows
 * nothing of the database or HTTP; the server loads rows into it and keeps it current.
 */
export {
  SearchIndex,
  type Facets,
  type IndexedWorkflow,
  type SearchQuery,
  type SearchResult,
  type SearchSort,
} from './search-index.ts';
export { words } from './text.ts';

import { stripAccents } from '@flowbay/domain';

/** Search terms as the index stores them: lowercase, accent-free words (the first 12). */
export function searchTerms(search: string): string[] {
  return stripAccents(search)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 12);
}

/** A tsquery where every word must match, the last one as a prefix so results come while typing. */
export function prefixQuery(terms: string[]): string {
  return terms.map((term, index) => (index === terms.length - 1 ? `${term}:*` : term)).join(' & ');
}

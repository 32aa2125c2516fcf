/** Moved to lib/ (shared by catalog, workflows, seed and test factories); kept so older imports compile. */
export * from '../../lib/search-document.ts';

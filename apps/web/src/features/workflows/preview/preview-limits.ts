/**
 * Up to this many nodes the whole graph is drawn. Each node is several DOM elements, and a few
 * thousand held the page for seconds; real workflows stay below it (the largest corpus file has 174).
 */
export const FULL_PREVIEW_NODES = 200;
/** A larger file shows its summary and the first nodes of its first workflow: as many as a typical workflow has. */
export const BOUNDED_PREVIEW_NODES = 25;

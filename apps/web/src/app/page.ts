import type { TextLookup } from '@flowbay/domain/text-lookup';

/**
 * Texts a page needs beyond the common ones, each a chunk of its own (i18n/index.ts): `pages`, the
 * long texts of the static pages; `signedIn`, those only signed-in screens show.
 */
export type PageTexts = 'pages' | 'signedIn';

/** What a page's head says: the tab title and the description (the server adds canonical and og:*). */
export interface PageHeadText {
  title: string;
  description: string;
}

/**
 * A page, declared beside its component (`routes/<file>.page.ts` beside `routes/<file>.tsx`): its
 * module, the texts it needs beyond the common ones, and its head from the shared text lookup and
 * what the page shows (`Data`). The router loads the page from it, the build lists each page's
 * chunks from it, the server writes the head from it, and the component keeps the tab's title and
 * description in step with it on client-side navigation. Its data (the queries the page shows first)
 * is in `routes/<file>.data.ts`, a chunk of its own (page-data.ts) that prefetch.ts finds by the same
 * `file`. A declaration stays free of React and of the app's `@/` modules: the server reads it as it is.
 */
export interface PageDeclaration<Data = void> {
  /** The page's module under ./routes (its file name without `.tsx`). */
  file: string;
  texts?: PageTexts;
  head?: (text: TextLookup, data: Data) => PageHeadText;
}

export function definePage<Data = void>(page: PageDeclaration<Data>): PageDeclaration<Data> {
  return page;
}

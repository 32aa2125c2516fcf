import type { QueryClient } from '@tanstack/react-query';
import type { KnownPageData } from '@flowbay/domain/page-data';

/** Where a page is: its address, and the parameters its pattern names (`@flowbay/domain/routes`). */
export interface PageAddress {
  url: URL;
  params: Record<string, string | undefined>;
}

/**
 * A page's data, declared beside its component (`routes/<file>.data.ts` beside `routes/<file>.tsx`
 * and `routes/<file>.page.ts`): the queries it shows first, with the same query options its
 * components use, so the server renders them and the client hydrates from the same cache entries
 * without asking again; and, for a page the server reads answers for itself, where those answers go
 * in the cache. Each declaration is a chunk of its own (prefetch.ts loads it), so the first load
 * does not carry every page's query options. A page with a declaration is prefetched by the server's
 * render and as a navigation to it starts (navigation-prefetch.ts); one without loads nothing first.
 * The server does not read these files (they import `@/features/...`): only the web build and
 * entry-server.tsx do.
 */
export interface PageDataDeclaration {
  /**
   * Starts the page's first requests and resolves once they have settled (never rejects: a query
   * that fails is the page's business when it renders). Requests that do not depend on each other
   * start together.
   */
  prefetch: (queryClient: QueryClient, address: PageAddress) => Promise<unknown>;
  /** Puts the answers the server already has (`KnownPageData`) in the entries the page reads. */
  seed?: (queryClient: QueryClient, known: KnownPageData) => void;
}

export function definePageData(data: PageDataDeclaration): PageDataDeclaration {
  return data;
}

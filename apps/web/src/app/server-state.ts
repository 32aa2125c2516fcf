import type { DehydratedState } from '@tanstack/react-query';
import { sharedKeys } from '@/lib/query-keys';

/** What the server's render left for the client (entry-server.tsx), in a JSON data block. */
export interface ServerState {
  queries: DehydratedState;
}

/** The page's state, or null for a page the server did not render (npm run dev). */
export function readServerState(): ServerState | null {
  const block = document.getElementById('flowbay-state');
  return block?.textContent ? (JSON.parse(block.textContent) as ServerState) : null;
}

/**
 * Whether the server rendered the page for a signed-in visitor (their session is in the state):
 * the page then shows the account menu, whose chunk must be there before hydrating.
 */
export function renderedSignedIn(state: ServerState | null): boolean {
  const key = JSON.stringify(sharedKeys.session);
  const session = state?.queries.queries.find((query) => JSON.stringify(query.queryKey) === key);
  return Boolean((session?.state.data as { user?: unknown } | null | undefined)?.user);
}

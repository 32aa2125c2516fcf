import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';
import { i18n, type UiLanguage } from '@/i18n';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { AppProviders, createQueryClient } from './providers';
import { routes } from './router';
import { setLoaderQueryClient } from './route-loaders';

/** What the server's render left for the client (entry-server.tsx), in a JSON data block. */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
}

/** The page's own route chunks, loaded before hydrating so the first render matches the server's. */
async function loadMatchedRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

/**
 * Starts the app in `container`: hydrates the server's render from `state`, or renders anew when
 * there is none (npm run dev) or the page must change language (`relanguage`: a choice made on this
 * device before the language cookie existed).
 */
export async function startApp(
  container: HTMLElement,
  state: ServerState | null,
  relanguage: UiLanguage | null,
) {
  // After the texts: the static pages' chunks load their namespace with them.
  if (state) await loadMatchedRoutes();
  await yieldToBrowser();
  const client = createQueryClient();
  setLoaderQueryClient(client);
  const app = (router: ReturnType<typeof createBrowserRouter>) => (
    <StrictMode>
      <AppProviders client={client}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (state) hydrate(client, state.queries);
  if (!state || relanguage) {
    if (relanguage) await i18n.changeLanguage(relanguage);
    container.replaceChildren();
    createRoot(container).render(
      app(createBrowserRouter(routes, state ? { hydrationData: state.router } : undefined)),
    );
    return;
  }
  // Hydrating as a transition lets React yield to the browser every few milliseconds (a default
  // update would hydrate the whole page in one long task: slow phones' total blocking time).
  startTransition(() => {
    hydrateRoot(container, app(createBrowserRouter(routes, { hydrationData: state.router })));
  });
}

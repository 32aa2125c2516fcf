import './zod-config';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';
import { setLoaderQueryClient } from './app/route-loaders';
import { i18n, initI18n, savedLanguage } from './i18n';
import { yieldToBrowser } from './lib/yield-to-browser';
import './index.css';

/** What the server's render left for the client (entry-server.tsx), in a JSON data block. */
interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
}

function serverState(): ServerState | null {
  const block = document.getElementById('flowbay-state');
  return block?.textContent ? (JSON.parse(block.textContent) as ServerState) : null;
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

async function start() {
  const state = serverState();
  // Read before init, which records the rendered language in both places.
  const earlierChoice = /(?:^|; )lang=/.test(document.cookie) ? null : savedLanguage();
  await initI18n();
  // Each step ends its task: the texts, the page's chunks and the hydration each run apart.
  await yieldToBrowser();
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
  const container = document.getElementById('root')!;
  if (state) hydrate(client, state.queries);
  // A choice made on this device before the language cookie existed still wins, unless the address
  // asked for a language: the page is then rendered anew in it (once; the cookie remembers it).
  const explicit = new URLSearchParams(window.location.search).has('lang');
  const relanguage = Boolean(earlierChoice && !explicit && earlierChoice !== i18n.language);
  if (!state || relanguage) {
    if (relanguage) await i18n.changeLanguage(earlierChoice!);
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

void start();

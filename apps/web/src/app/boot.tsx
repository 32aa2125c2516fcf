import { hydrate } from '@tanstack/react-query';
import { z } from 'zod';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { matchPage } from '@flowbay/domain/routes';
import { i18n, type UiLanguage } from '@/i18n';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { AvatarMenu, ReviewsSection } from './server-parts';
import { AppProviders, createQueryClient } from './providers';
import { prefetchingNavigations } from './navigation-prefetch';
import { AppRoutes, preloadPage } from './router';
import { renderedSignedIn, type ServerState } from './server-state';

// Zod probes for `new Function` the first time it parses an object, and the site's CSP (no eval)
// reports the probe as a violation: pages parse without compiling (forms set the same in zod-resolver).
z.config({ jitless: true });

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
  // After the texts: the static pages' chunks load their namespace with them. The page's own chunk
  // is loaded before hydrating, so the first render matches the server's. So are the parts a
  // signed-in visitor's page shows from the server in chunks of their own (the account menu; the
  // reviews, with their answer and report buttons): hydration would otherwise keep their markup,
  // unresponsive to a press, until each chunk arrived.
  if (state)
    await Promise.all([
      preloadPage(window.location.pathname),
      renderedSignedIn(state) ? AvatarMenu.preload() : undefined,
      renderedSignedIn(state) && matchPage(window.location.pathname).id === 'workflow'
        ? ReviewsSection.preload()
        : undefined,
    ]);
  await yieldToBrowser();
  const client = createQueryClient();
  const history = prefetchingNavigations(UNSAFE_createBrowserHistory({ v5Compat: true }), client);
  const app = (
    <StrictMode>
      <AppProviders client={client}>
        <HistoryRouter history={history}>
          <AppRoutes />
        </HistoryRouter>
      </AppProviders>
    </StrictMode>
  );
  if (state) hydrate(client, state.queries);
  if (!state || relanguage) {
    if (relanguage) await i18n.changeLanguage(relanguage);
    container.replaceChildren();
    createRoot(container).render(app);
    return;
  }
  // Hydrating as a transition lets React yield to the browser every few milliseconds (a default
  // update would hydrate the whole page in one long task: slow phones' total blocking time).
  startTransition(() => {
    hydrateRoot(container, app);
  });
}

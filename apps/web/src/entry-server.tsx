import { dehydrate } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StrictMode } from 'react';
import { StaticRouter } from 'react-router';
import type { KnownPageData } from '@flowbay/domain/page-data';
import { prefetchPage } from './app/prefetch';
import { sessionQueryOptions } from './features/accounts/api/get-session';
import { preloadServerParts } from './app/server-parts';
import { AppProviders, createQueryClient } from './app/providers';
import { AppRoutes, preloadPage } from './app/router';
import type { UiLanguage } from './i18n';
import { withLocalRules } from './i18n/local-rules';
import { UI_TEXTS } from './i18n/texts';
import { setApiFetch } from './lib/api-client';

export { setApiFetch };
export { default as en } from './i18n/en.json';
export { default as vi } from './i18n/vi.json';

/** One ready instance per language, shared by every render (renders only read from it). */
const instances = new Map<UiLanguage, I18n>();
function i18nFor(language: UiLanguage): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: language,
      fallbackLng: false,
      ns: ['translation', 'pages'],
      defaultNS: 'translation',
      resources: UI_TEXTS,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
    withLocalRules(instance);
    instances.set(language, instance);
  }
  return instance;
}

export interface RenderResult {
  /** The app's markup, for `<div id="root">`. */
  html: string;
  /** JSON for the client: the query cache, to hydrate without fetching again. */
  state: string;
  /** Rendered for a signed-in visitor: the page shows their account menu (its chunk is preloaded). */
  signedIn: boolean;
}

/**
 * The visitor's session goes in the page: the header renders the log-in links or the account menu,
 * and the client does not ask while hydrating (an answer arriving then made React render the header
 * and the page again at once, in one long task). The page of a signed-in visitor is private
 * (`Cache-Control: private`, web.routes.ts), and the session is the one the API gives that visitor.
 */
async function sessionInPage(queryClient: ReturnType<typeof createQueryClient>): Promise<void> {
  await queryClient.prefetchQuery(sessionQueryOptions);
}

/**
 * Renders a public page for the visitor in `language`: the data it shows first (the page's
 * `routes/<file>.data.ts`) is taken from `known`, the answers the server has already, and the rest
 * prefetched with the API's own answers (see setApiFetch), then rendered to a string.
 */
export async function render(
  url: URL,
  language: UiLanguage,
  known: KnownPageData = {},
): Promise<RenderResult> {
  const queryClient = createQueryClient();
  await Promise.all([
    preloadPage(url.pathname),
    // The page's data declaration puts what the server knows in the cache first, then asks for the rest.
    prefetchPage(queryClient, url, known),
    sessionInPage(queryClient),
    preloadServerParts(),
  ]);
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18nFor(language)}>
        <AppProviders client={queryClient}>
          <StaticRouter location={`${url.pathname}${url.search}`}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </I18nextProvider>
    </StrictMode>,
  );
  const state = JSON.stringify({ queries: dehydrate(queryClient) });
  const signedIn = Boolean(queryClient.getQueryData(sessionQueryOptions.queryKey)?.user);
  queryClient.clear();
  return { html, state, signedIn };
}

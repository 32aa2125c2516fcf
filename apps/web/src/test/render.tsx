import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { i18n, initI18n, loadSignedInTexts, type UiLanguage } from '@/i18n';

/**
 * Loads the texts once per file, the signed-in screens' too, and switches to `language` (English
 * unless asked).
 */
export async function inLanguage(language: UiLanguage = 'en') {
  if (!i18n.isInitialized) await initI18n(language);
  await loadSignedInTexts();
  await i18n.changeLanguage(language);
}

/** Renders `ui` inside the app's providers (a fresh query cache, no retries) at `path`. */
export function renderInApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

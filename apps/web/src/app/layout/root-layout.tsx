import { Suspense, useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { GoToTopButton, ScrollToTopOnRouteChange } from './scroll-helpers';

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const showFooter = !pathname.startsWith('/auth');
  // A server-rendered page looks ready before its handlers are attached: `<html data-interactive>`
  // says they are (effects run only in the browser, after hydration).
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('nav.skipToContent')}
      </a>
      <ScrollToTopOnRouteChange />
      <Header />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {showFooter && <Footer />}
      <GoToTopButton />
    </div>
  );
}

export function PageFallback() {
  return <div className="min-h-[60vh]" aria-busy="true" />;
}

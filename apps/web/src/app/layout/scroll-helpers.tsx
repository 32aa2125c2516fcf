import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useLocation } from 'react-router';

const GO_TO_TOP_THRESHOLD = 400;

/** A new page starts at the top; a change of query only (filters, pages) keeps its own scrolling. */
export function ScrollToTopOnRouteChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}

/** The button's gap from the window's bottom edge, and its size (size-11), in pixels. */
const GAP = 20;
const SIZE = 44;

/**
 * "Back to top", once the page is scrolled. It never covers a footer link: while the footer is on
 * screen the button rises above it, and it hides when the footer leaves no room above it.
 */
export function GoToTopButton() {
  const { t } = useTranslation();
  const [bottom, setBottom] = useState<number | null>(null);
  useEffect(() => {
    const update = () => {
      if (window.scrollY <= GO_TO_TOP_THRESHOLD) return setBottom(null);
      const footer = document.querySelector('footer');
      const overlap = footer ? Math.max(0, window.innerHeight - footer.getBoundingClientRect().top) : 0;
      const next = GAP + overlap;
      setBottom(next + SIZE + GAP > window.innerHeight ? null : next);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  if (bottom === null) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      aria-label={t('common.goToTop')}
      style={{ bottom }}
      className="fixed right-5 z-30 inline-flex size-11 cursor-pointer items-center justify-center rounded-full bg-brand-600 text-white shadow-lg transition-colors hover:bg-brand-700 print:hidden"
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}

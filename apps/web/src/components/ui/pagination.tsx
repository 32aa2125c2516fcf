import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { paginationWindow } from '@/lib/pagination-window';
import { useIsMobile } from '@/lib/use-media-query';

export interface PaginationLabels {
  navigation: string;
  previous: string;
  next: string;
  page: (page: number) => string;
}

interface PaginationProps {
  /** Zero-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  labels: PaginationLabels;
  /** The address of a page: pages become links, which work before (or without) JavaScript. */
  hrefFor?: (page: number) => string;
}

interface PageControlProps {
  target: number;
  go: (page: number) => void;
  hrefFor?: (page: number) => string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-current'?: 'page';
}

/** A link when the page has an address, a button otherwise; a click stays in the app either way. */
function PageControl({ target, go, hrefFor, disabled, ...props }: PageControlProps) {
  return hrefFor && !disabled ? (
    <a
      {...props}
      href={hrefFor(target)}
      onClick={(event) => {
        event.preventDefault();
        go(target);
      }}
    />
  ) : (
    <button {...props} type="button" disabled={disabled} onClick={() => go(target)} />
  );
}

const PAGE_BUTTON =
  'inline-flex h-10 min-w-10 cursor-pointer items-center justify-center rounded-lg px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/** Shown only with more than one page; phones get `current / total`, wider screens a page window. */
export function Pagination({ page, pageCount, onPageChange, labels, hrefFor }: PaginationProps) {
  const isMobile = useIsMobile();
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    if (target < 0 || target >= pageCount || target === page) return;
    onPageChange(target);
  };
  return (
    <nav aria-label={labels.navigation} className="flex items-center justify-center gap-1.5">
      <PageControl
        go={go}
        hrefFor={hrefFor}
        target={page - 1}
        className={cn(PAGE_BUTTON, 'gap-1 border border-slate-300 bg-white text-slate-700 hover:bg-slate-50')}
        disabled={page === 0}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        <span className="max-md:sr-only">{labels.previous}</span>
      </PageControl>
      {isMobile ? (
        <span className="px-3 text-sm font-medium text-slate-700" aria-live="polite">
          {page + 1} / {pageCount}
        </span>
      ) : (
        paginationWindow(page, pageCount).map((slot) =>
          typeof slot === 'number' ? (
            <PageControl
              go={go}
              hrefFor={hrefFor}
              key={slot}
              target={slot}
              aria-label={labels.page(slot + 1)}
              aria-current={slot === page ? 'page' : undefined}
              className={cn(
                PAGE_BUTTON,
                slot === page ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {slot + 1}
            </PageControl>
          ) : (
            <span key={slot} className="px-1 text-slate-500" aria-hidden="true">
              …
            </span>
          ),
        )
      )}
      <PageControl
        go={go}
        hrefFor={hrefFor}
        target={page + 1}
        className={cn(PAGE_BUTTON, 'gap-1 border border-slate-300 bg-white text-slate-700 hover:bg-slate-50')}
        disabled={page >= pageCount - 1}
      >
        <span className="max-md:sr-only">{labels.next}</span>
        <ChevronRight className="size-4" aria-hidden="true" />
      </PageControl>
    </nav>
  );
}

import { ChevronLeft, ChevronRight } from 'lucide-react';
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
}

const PAGE_BUTTON =
  'inline-flex h-10 min-w-10 cursor-pointer items-center justify-center rounded-lg px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/** Shown only with more than one page; phones get `current / total`, wider screens a page window. */
export function Pagination({ page, pageCount, onPageChange, labels }: PaginationProps) {
  const isMobile = useIsMobile();
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    if (target < 0 || target >= pageCount || target === page) return;
    onPageChange(target);
  };
  return (
    <nav aria-label={labels.navigation} className="flex items-center justify-center gap-1.5">
      <button
        type="button"
        className={cn(PAGE_BUTTON, 'gap-1 border border-slate-300 bg-white text-slate-700 hover:bg-slate-50')}
        onClick={() => go(page - 1)}
        disabled={page === 0}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        <span className="max-md:sr-only">{labels.previous}</span>
      </button>
      {isMobile ? (
        <span className="px-3 text-sm font-medium text-slate-700" aria-live="polite">
          {page + 1} / {pageCount}
        </span>
      ) : (
        paginationWindow(page, pageCount).map((slot) =>
          typeof slot === 'number' ? (
            <button
              key={slot}
              type="button"
              aria-label={labels.page(slot + 1)}
              aria-current={slot === page ? 'page' : undefined}
              className={cn(
                PAGE_BUTTON,
                slot === page ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100',
              )}
              onClick={() => go(slot)}
            >
              {slot + 1}
            </button>
          ) : (
            <span key={slot} className="px-1 text-slate-500" aria-hidden="true">
              …
            </span>
          ),
        )
      )}
      <button
        type="button"
        className={cn(PAGE_BUTTON, 'gap-1 border border-slate-300 bg-white text-slate-700 hover:bg-slate-50')}
        onClick={() => go(page + 1)}
        disabled={page >= pageCount - 1}
      >
        <span className="max-md:sr-only">{labels.next}</span>
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';

const WIDTHS = {
  narrow: 'max-w-2xl',
  wide: 'max-w-5xl',
  full: 'max-w-7xl lg:px-8',
} as const;

/**
 * A signed-in page (favourites, purchases, my workflows, sales, account, admin): the title, which is
 * also the tab's, the line under it, an action beside them, then the page itself below them.
 */
export function AccountPageShell({
  title,
  subtitle,
  action,
  width = 'wide',
  children,
}: {
  title: string;
  subtitle: string;
  action?: ReactNode;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  usePageMeta(title);
  return (
    <div className={cn('mx-auto w-full px-4 py-10 sm:px-6', WIDTHS[width])}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-1 text-slate-600">{subtitle}</p>
        </div>
        {action}
      </div>
      <div className="mt-8">{children}</div>
    </div>
  );
}

import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * One entry of a list of cards (purchases, own workflows, orders, reports): what it is, and its
 * actions (`actions`) beside it on wider screens, below it on phones.
 */
export function RowCard({
  actions,
  className,
  children,
  ...props
}: HTMLAttributes<HTMLLIElement> & { actions?: ReactNode }) {
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between"
      {...props}
    >
      <div className={cn('min-w-0', className)}>{children}</div>
      {actions}
    </li>
  );
}

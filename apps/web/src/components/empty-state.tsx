import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** A dashed box saying there is nothing here yet (under a `title` where it has one), with the way on where there is one. */
export function EmptyState({
  title,
  children,
  action,
  className,
}: {
  title?: string;
  children: ReactNode;
  action?: { to: string; label: string };
  className?: string;
}) {
  return (
    <div className={cn('rounded-2xl border border-dashed border-slate-300 p-10 text-center', className)}>
      {title && <h3 className="mb-2 text-lg font-semibold text-slate-900">{title}</h3>}
      <p className="text-slate-600">{children}</p>
      {action && (
        <ButtonLink className="mt-4" to={action.to}>
          {action.label}
        </ButtonLink>
      )}
    </div>
  );
}

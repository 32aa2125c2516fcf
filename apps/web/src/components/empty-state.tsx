import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** A dashed box saying there is nothing here yet, with the way on where there is one. */
export function EmptyState({
  children,
  action,
  className,
}: {
  children: ReactNode;
  action?: { to: string; label: string };
  className?: string;
}) {
  return (
    <div className={cn('rounded-2xl border border-dashed border-slate-300 p-10 text-center', className)}>
      <p className="text-slate-600">{children}</p>
      {action && (
        <ButtonLink className="mt-4" to={action.to}>
          {action.label}
        </ButtonLink>
      )}
    </div>
  );
}

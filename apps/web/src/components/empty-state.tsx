import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
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
        <Button asChild className="mt-4">
          <Link to={action.to}>{action.label}</Link>
        </Button>
      )}
    </div>
  );
}

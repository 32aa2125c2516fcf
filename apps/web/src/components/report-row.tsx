import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A report in the administrators' lists (workflows, reviews): what was reported, then the two
 * answers, removing what was reported or dismissing the report.
 */
export function ReportRow({
  children,
  removeLabel,
  dismissLabel,
  pending,
  onResolve,
}: {
  children: ReactNode;
  removeLabel: string;
  dismissLabel: string;
  pending: boolean;
  onResolve: (remove: boolean) => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">{children}</div>
      <div className="flex shrink-0 gap-2">
        <Button variant="destructive" size="sm" disabled={pending} onClick={() => onResolve(true)}>
          {removeLabel}
        </Button>
        <Button variant="outline" size="sm" disabled={pending} onClick={() => onResolve(false)}>
          {dismissLabel}
        </Button>
      </div>
    </li>
  );
}

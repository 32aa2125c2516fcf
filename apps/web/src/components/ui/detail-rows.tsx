import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One row: its label and value, or `false` where it does not apply. */
export type DetailRow = readonly [label: string, value: ReactNode] | false;

/**
 * Labelled values, one a row (a workflow's info, a receipt). Values sit at the row's end, or with
 * `wrap` in a column of their own where long ones break onto more lines.
 */
export function DetailRows({ rows, wrap = false }: { rows: DetailRow[]; wrap?: boolean }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows
        .filter((row) => row !== false)
        .map(([label, value]) => (
          <div
            key={label}
            className={cn(
              'gap-4 py-2.5',
              wrap ? 'grid grid-cols-[minmax(8rem,40%)_1fr]' : 'flex justify-between',
            )}
          >
            <dt className="text-slate-600">{label}</dt>
            <dd className={cn('font-medium text-slate-900', wrap && 'min-w-0 break-words')}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

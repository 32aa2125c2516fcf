import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />
  );
}

/** The placeholders of something loading, one below the other: one per entry of `blocks` (their sizes). */
export function SkeletonStack({ blocks, className }: { blocks: string[]; className?: string }) {
  return (
    <div className={cn('flex flex-col gap-4', className)} aria-busy="true">
      {blocks.map((block, index) => (
        <Skeleton key={index} className={block} />
      ))}
    </div>
  );
}

/** Placeholders side by side, such as a row of badges or buttons: one per entry of `blocks` (their sizes). */
export function SkeletonRow({ blocks, className }: { blocks: string[]; className?: string }) {
  return (
    <div className={cn('flex', className)}>
      {blocks.map((block, index) => (
        <Skeleton key={index} className={block} />
      ))}
    </div>
  );
}

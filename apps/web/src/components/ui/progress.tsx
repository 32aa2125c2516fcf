import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from '@/lib/cn';

/** A determinate bar (0–100) with an accessible name. */
export function Progress({ value, label, className }: { value: number; label: string; className?: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <ProgressPrimitive.Root
      value={clamped}
      aria-label={label}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <ProgressPrimitive.Indicator
        className="h-full bg-brand-600 transition-[width] duration-150"
        style={{ width: `${clamped}%` }}
      />
    </ProgressPrimitive.Root>
  );
}

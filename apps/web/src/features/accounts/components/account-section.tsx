import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One part of the account page (password, export, deletion): its title names the region; `danger` is red. */
export function AccountSection({
  id,
  title,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className={cn('text-lg font-semibold', danger ? 'text-red-700' : 'text-slate-900')}>
        {title}
      </h2>
      {children}
    </section>
  );
}

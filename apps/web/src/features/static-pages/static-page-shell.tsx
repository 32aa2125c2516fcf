import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

export function StaticPageShell({
  title,
  intro,
  ready,
  children,
}: {
  title: string;
  intro?: string;
  ready: boolean;
  children: ReactNode;
}) {
  if (!ready) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6" aria-busy="true">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="mt-4 h-5 w-full" />
        <Skeleton className="mt-10 h-64 w-full rounded-2xl" />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
        {intro && <p className="mt-3 text-lg text-slate-600">{intro}</p>}
      </header>
      <div className="mt-10">{children}</div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
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
      <PageHeader title={title} intro={intro} />
      <div className="mt-10">{children}</div>
    </div>
  );
}

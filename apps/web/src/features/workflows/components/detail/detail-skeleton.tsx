import { Skeleton, SkeletonRow } from '@/components/ui/skeleton';

/** The page's shape while the workflow loads: title, price and actions, then the facts. */
export function DetailSkeleton() {
  return (
    <div
      className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8"
      aria-busy="true"
      data-testid="detail-skeleton"
    >
      <Skeleton className="h-4 w-40" />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div>
          <SkeletonRow className="gap-2" blocks={['h-5 w-14 rounded-full', 'h-5 w-20 rounded-full']} />
          <Skeleton className="mt-4 h-9 w-3/4" />
          <Skeleton className="mt-4 h-4 w-1/2" />
          <SkeletonRow className="mt-6 gap-2" blocks={['h-10 w-32', 'h-10 w-24']} />
          <Skeleton className="mt-8 h-48 w-full rounded-2xl" />
          <Skeleton className="mt-8 h-64 w-full rounded-2xl" />
        </div>
        <div className="flex flex-col gap-6">
          <Skeleton className="h-44 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      </div>
    </div>
  );
}

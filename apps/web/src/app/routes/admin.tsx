import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useReviewQueue } from '@/features/admin/api/review-queue';
import { ReportsList } from '@/features/admin/components/reports-list';
import { ReviewReportsList } from '@/features/ratings/components/review-reports-list';
import { AdminOrdersPanel } from '@/features/commerce/components/admin-orders-panel';
import { AdminPayoutsPanel } from '@/features/sales/components/admin-payouts-panel';
import { ReviewItem } from '@/features/admin/components/review-item';
import { usePageMeta } from '@/lib/page-meta';
import { usePaginationLabels } from '@/lib/use-pagination-labels';

const PreviewPanel = lazy(() => import('@/features/workflows/preview/preview-panel'));

const renderPreview = (fileUrl: string, title: string) => (
  <Suspense fallback={<Skeleton className="h-[548px] w-full rounded-2xl" />}>
    <PreviewPanel fileUrl={fileUrl} title={title} showSettings />
  </Suspense>
);

export function Component() {
  const { t } = useTranslation();
  usePageMeta(t('admin.title'));
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('admin.title')}</h1>
      <p className="mt-1 text-slate-600">{t('admin.subtitle')}</p>
      <Tabs defaultValue="reviews" className="mt-6">
        <TabsList aria-label={t('admin.title')} className="max-w-lg">
          <TabsTrigger value="reviews">{t('admin.reviewsTab')}</TabsTrigger>
          <TabsTrigger value="reports">{t('admin.reportsTab')}</TabsTrigger>
          <TabsTrigger value="orders">{t('adminOrders.tab')}</TabsTrigger>
          <TabsTrigger value="payouts">{t('adminPayouts.tab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="reviews" className="mt-6">
          <ReviewQueueList />
        </TabsContent>
        <TabsContent value="reports" className="mt-6">
          <ReportsList />
          <div className="mt-10">
            <ReviewReportsList />
          </div>
        </TabsContent>
        <TabsContent value="orders" className="mt-6">
          <AdminOrdersPanel />
        </TabsContent>
        <TabsContent value="payouts" className="mt-6">
          <AdminPayoutsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ReviewQueueList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const queue = useReviewQueue(page);
  const labels = usePaginationLabels();
  if (queue.isError)
    return (
      <p className="text-red-700" role="alert">
        {t('admin.queueFailed')}
      </p>
    );
  if (!queue.data) return <Skeleton className="h-64 w-full rounded-2xl" />;
  if (queue.data.items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
        {t('admin.queueEmpty')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-600">{t('admin.queueCount', { count: queue.data.total })}</p>
      {queue.data.items.map((item) => (
        <ReviewItem
          key={`${item.workflow.id}-${item.submitted_at}`}
          item={item}
          renderPreview={renderPreview}
        />
      ))}
      <Pagination
        page={page}
        pageCount={Math.ceil(queue.data.total / queue.data.pageSize)}
        onPageChange={setPage}
        labels={labels}
      />
    </div>
  );
}

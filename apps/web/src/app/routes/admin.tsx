import { Suspense, lazy, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { matchPage, paths } from '@flowbay/domain/routes';
import { useTranslation } from '@/i18n/use-translation';
import { AccountPageShell } from '@/components/account-page-shell';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { ListPagination } from '@/components/list-pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useModerationQueue } from '@/features/moderation/api/moderation-queue';
import { ReportsList } from '@/features/moderation/components/reports-list';
import { ReviewReportsList } from '@/features/ratings/components/review-reports-list';
import { AdminOrdersPanel } from '@/features/orders/components/admin-orders-panel';
import { PaymentIncidentsPanel } from '@/features/orders/components/payment-incidents-panel';
import { AdminPayoutsPanel } from '@/features/sales/components/admin-payouts-panel';
import { AdminTaxReportPanel } from '@/features/sales/components/admin-tax-report-panel';
import { AdminInvoicesPanel } from '@/features/invoices/components/admin-invoices-panel';
import { AdminPrivacyQueue } from '@/features/privacy/components/admin-privacy-queue';
import { ModerationItem } from '@/features/moderation/components/moderation-item';

const PreviewPanel = lazy(() => import('@/features/workflows/preview/preview-panel'));

const renderPreview = (fileUrl: string, title: string) => (
  <Suspense fallback={<Skeleton className="h-[548px] w-full rounded-2xl" />}>
    <PreviewPanel fileUrl={fileUrl} title={title} showSettings />
  </Suspense>
);

export function Component() {
  const { t } = useTranslation();
  // /admin/payment-incidents (the address the admins' e-mails give) opens that tab.
  const page = matchPage(useLocation().pathname).id;
  // /admin/invoices (the invoices' admin e-mails) opens the invoices tab, /admin/privacy-requests the data requests.
  const opening =
    page === 'adminPaymentIncidents'
      ? 'incidents'
      : page === 'adminInvoices'
        ? 'invoices'
        : page === 'adminPrivacyRequests'
          ? 'privacy'
          : 'queue';
  const tabs = [
    { value: 'queue', label: t('moderationQueue.queueTab'), content: <ModerationQueueList /> },
    {
      value: 'reports',
      label: t('moderationQueue.reportsTab'),
      content: (
        <>
          <ReportsList />
          <div className="mt-10">
            <ReviewReportsList />
          </div>
        </>
      ),
    },
    { value: 'orders', label: t('adminOrders.tab'), content: <AdminOrdersPanel /> },
    { value: 'incidents', label: t('adminIncidents.tab'), content: <PaymentIncidentsPanel /> },
    { value: 'payouts', label: t('adminPayouts.tab'), content: <AdminPayoutsPanel /> },
    { value: 'tax', label: t('tax.admin.tab'), content: <AdminTaxReportPanel /> },
    { value: 'invoices', label: t('invoices.admin.tab'), content: <AdminInvoicesPanel /> },
    { value: 'privacy', label: t('adminPrivacy.tab'), content: <AdminPrivacyQueue /> },
  ];
  return (
    <AccountPageShell
      title={t('moderationQueue.title')}
      subtitle={t('moderationQueue.subtitle')}
      action={
        <Link to={paths.adminAudit()} className="text-sm text-indigo-700 underline">
          {t('auditTrail.openLink')}
        </Link>
      }
    >
      <Tabs defaultValue={opening}>
        {/* Five tabs do not fit a phone's width: the row scrolls instead of squeezing the labels. */}
        <TabsList aria-label={t('moderationQueue.title')} className="max-w-3xl overflow-x-auto">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className="whitespace-nowrap">
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="mt-6">
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>
    </AccountPageShell>
  );
}

function ModerationQueueList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const queue = useModerationQueue(page);
  return (
    <QueryView
      query={queue}
      failed={t('moderationQueue.queueFailed')}
      retry={false}
      loading={<Skeleton className="h-64 w-full rounded-2xl" />}
      isEmpty={(data) => data.items.length === 0}
      empty={<EmptyState>{t('moderationQueue.queueEmpty')}</EmptyState>}
    >
      {(data) => (
        <div className="flex flex-col gap-6">
          <p className="text-sm text-slate-600">{t('moderationQueue.queueCount', { count: data.total })}</p>
          {data.items.map((item) => (
            <ModerationItem
              key={`${item.workflow.id}-${item.submitted_at}`}
              item={item}
              renderPreview={renderPreview}
            />
          ))}
          <ListPagination page={page} total={data.total} pageSize={data.pageSize} onPageChange={setPage} />
        </div>
      )}
    </QueryView>
  );
}

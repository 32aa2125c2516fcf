import { Download, Receipt as ReceiptIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadFileName, workflowPath, type Purchase } from '@flowbay/domain';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { usePurchases } from '@/features/commerce/api/get-purchases';
import { RefundRequest } from '@/features/commerce/components/refund-request';
import { downloadWorkflowFile } from '@/features/workflows/lib/download-file';
import { formatDate, formatPrice } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';

export function Component() {
  const { t } = useTranslation();
  usePageMeta(t('purchases.title'));
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('purchases.title')}</h1>
      <p className="mt-1 text-slate-600">{t('purchases.subtitle')}</p>
      <PurchaseList />
    </div>
  );
}

function PurchaseList() {
  const { t } = useTranslation();
  const purchases = usePurchases();
  if (purchases.isError)
    return (
      <LoadError
        className="mt-8"
        messages={[t('purchases.loadFailed')]}
        onRetry={() => void purchases.refetch()}
      />
    );
  if (!purchases.data)
    return (
      <div className="mt-8 flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-28 w-full rounded-2xl" />
        <Skeleton className="h-28 w-full rounded-2xl" />
      </div>
    );
  if (purchases.data.purchases.length === 0)
    return (
      <div className="mt-8 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
        <p className="text-slate-600">{t('purchases.empty')}</p>
        <Button asChild className="mt-4">
          <Link to="/workflows">{t('purchases.browse')}</Link>
        </Button>
      </div>
    );
  return (
    <ul className="mt-8 flex flex-col gap-4">
      {purchases.data.purchases.map((purchase) => (
        <PurchaseRow key={purchase.order.code} purchase={purchase} />
      ))}
    </ul>
  );
}

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  const { t, i18n } = useTranslation();
  const { order, workflow } = purchase;
  const download = async () => {
    try {
      await downloadWorkflowFile(
        `/api/workflows/${workflow.id}/download`,
        downloadFileName(workflow.title, workflow.latest_version),
      );
      toast.success(t('detail.downloaded'));
    } catch {
      toast.error(t('detail.downloadFailed'));
    }
  };
  return (
    <li
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:flex-row sm:items-start sm:justify-between"
      data-testid="purchase"
    >
      <div className="min-w-0">
        <h2 className="text-lg font-semibold text-slate-900">
          {workflow.deleted ? (
            workflow.title
          ) : (
            <Link to={workflowPath(workflow)} className="hover:text-brand-700">
              {workflow.title}
            </Link>
          )}
        </h2>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {workflow.platform && <Badge variant="neutral">{workflow.platform}</Badge>}
          <span>{t('purchases.latestVersion', { version: workflow.latest_version })}</span>
          <span aria-hidden="true">·</span>
          <span>
            {t('purchases.bought', {
              date: formatDate(order.paid_at ?? order.created_at, i18n.language),
              amount: formatPrice(order.amount, i18n.language),
            })}
          </span>
        </div>
        {workflow.deleted && <p className="mt-1 text-sm text-slate-600">{t('purchases.removed')}</p>}
        <div className="mt-3">
          <RefundRequest order={order} />
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button onClick={download} aria-label={t('purchases.downloadNamed', { title: workflow.title })}>
          <Download aria-hidden="true" />
          {t('purchases.download')}
        </Button>
        <Button asChild variant="outline">
          <Link to={`/orders/${order.code}`}>
            <ReceiptIcon aria-hidden="true" />
            {t('purchases.receipt')}
          </Link>
        </Button>
      </div>
    </li>
  );
}

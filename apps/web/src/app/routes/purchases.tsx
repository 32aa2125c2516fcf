import { ArrowUpCircle, Download, Receipt as ReceiptIcon } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { downloadFileName, workflowPath, type Purchase } from '@flowbay/domain';
import { AccountPageShell } from '@/components/account-page-shell';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { RowCard } from '@/components/row-card';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { SkeletonStack } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { usePurchases } from '@/features/orders/api/get-purchases';
import { RefundRequest } from '@/features/orders/components/refund-request';
import { downloadWorkflowFile } from '@/features/workflows/lib/download-file';
import { formatDate, formatPrice } from '@/lib/format';

export function Component() {
  const { t } = useTranslation();
  const purchases = usePurchases();
  return (
    <AccountPageShell title={t('purchases.title')} subtitle={t('purchases.subtitle')}>
      <QueryView
        query={purchases}
        failed={t('purchases.loadFailed')}
        loading={<SkeletonStack blocks={Array(2).fill('h-28 w-full rounded-2xl')} />}
        isEmpty={(data) => data.purchases.length === 0}
        empty={
          <EmptyState action={{ to: '/workflows', label: t('purchases.browse') }}>
            {t('purchases.empty')}
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-4">
            {data.purchases.map((purchase) => (
              <PurchaseRow key={purchase.order.code} purchase={purchase} />
            ))}
          </ul>
        )}
      </QueryView>
    </AccountPageShell>
  );
}

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  const { t, i18n } = useTranslation();
  const { order, workflow } = purchase;
  const refunded = order.state === 'refunded';
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
    <RowCard
      data-testid="purchase"
      actions={
        <div className="flex shrink-0 flex-wrap gap-2">
          {!refunded && (
            <Button
              onClick={() => void download()}
              aria-label={t('purchases.downloadNamed', { title: workflow.title })}
            >
              <Download aria-hidden="true" />
              {t('purchases.download')}
            </Button>
          )}
          <ButtonLink variant="outline" to={`/orders/${order.code}`}>
            <ReceiptIcon aria-hidden="true" />
            {t('purchases.receipt')}
          </ButtonLink>
        </div>
      }
    >
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
        {refunded && (
          <Badge variant="danger" data-testid="purchase-refunded">
            {t('purchases.refundedBadge')}
          </Badge>
        )}
        {workflow.platform && <Badge variant="neutral">{workflow.platform}</Badge>}
        <Badge variant="neutral" data-testid="purchase-licence">
          {t('buy.licenceOf', { tier: t(`buy.tierNames.${purchase.licence}`) })}
        </Badge>
        <span>{t('purchases.latestVersion', { version: workflow.latest_version })}</span>
        <span aria-hidden="true">·</span>
        <span>
          {t('purchases.bought', {
            date: formatDate(order.paid_at ?? order.created_at, i18n.language),
            amount: formatPrice(order.amount, i18n.language),
          })}
        </span>
      </div>
      {refunded ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="purchase-refunded-note">
          {t('purchases.refundedNote', {
            date: formatDate(order.refunded_at ?? order.created_at, i18n.language),
          })}
        </p>
      ) : (
        workflow.deleted && <p className="mt-1 text-sm text-slate-600">{t('purchases.removed')}</p>
      )}
      {purchase.upgrades.length > 0 && !workflow.deleted && (
        <div className="mt-3 flex flex-wrap gap-2">
          {purchase.upgrades.map((upgrade) => (
            <ButtonLink
              key={upgrade.tier}
              variant="outline"
              size="sm"
              to={`${workflowPath(workflow)}?licence=${upgrade.tier}#buy`}
              data-testid="purchase-upgrade"
            >
              <ArrowUpCircle aria-hidden="true" />
              {t('purchases.upgradeTo', {
                tier: t(`buy.tierNames.${upgrade.tier}`),
                amount: formatPrice(upgrade.amount, i18n.language),
              })}
            </ButtonLink>
          ))}
        </div>
      )}
      <div className="mt-3">
        <RefundRequest order={order} />
      </div>
    </RowCard>
  );
}

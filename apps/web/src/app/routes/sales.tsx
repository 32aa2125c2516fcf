import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { paths, workflowPath, type Payout, type SalesDashboard } from '@flowbay/domain';
import { AccountPageShell } from '@/components/account-page-shell';
import { DownloadLink } from '@/components/download-link';
import { FiguresTable } from '@/components/figures-table';
import { PageSection } from '@/components/page-section';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { SkeletonStack } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toaster';
import { useSalesDashboard } from '@/features/sales/api/get-sales-dashboard';
import { useRequestPayout } from '@/features/sales/api/request-payout';
import { DiscountCodesPanel } from '@/features/sales/components/discount-codes-panel';
import { PayoutAccountForm } from '@/features/sales/components/payout-account-form';
import { PayoutNotes, PayoutStateBadge } from '@/features/sales/components/payout-state-badge';
import { RevenueChart } from '@/features/sales/components/revenue-chart';
import { TaxBreakdown } from '@/features/sales/components/tax-breakdown';
import { TaxProfileForm } from '@/features/sales/components/tax-profile-form';
import { SellerRefundRequests } from '@/features/orders/components/seller-refund-requests';
import { SellerBundlesPanel } from '@/features/bundles/components/seller-bundles-panel';
import { useTaxProfile } from '@/features/sales/api/tax-profile';
import { errorKey } from '@/lib/api-client';
import { formatDateTime, formatNumber, formatPercent, formatPrice } from '@/lib/format';

export function Component() {
  const { t } = useTranslation();
  const dashboard = useSalesDashboard();
  return (
    <AccountPageShell
      title={t('sales.title')}
      subtitle={t('sales.subtitle')}
      action={<DownloadLink href="/api/me/sales.csv">{t('sales.exportCsv')}</DownloadLink>}
    >
      <QueryView
        query={dashboard}
        failed={t('sales.loadFailed')}
        loading={<SkeletonStack blocks={['h-24 w-full rounded-2xl', 'h-56 w-full rounded-2xl']} />}
      >
        {(data) => <Dashboard data={data} />}
      </QueryView>
    </AccountPageShell>
  );
}

function Dashboard({ data }: { data: SalesDashboard }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-10">
      <BalancesPanel data={data} />
      <PageSection id="revenue-title" title={t('sales.revenueTitle')}>
        <Tabs defaultValue="daily" className="mt-3">
          <TabsList aria-label={t('sales.revenueTitle')} className="max-w-xs">
            <TabsTrigger value="daily">{t('sales.days30')}</TabsTrigger>
            <TabsTrigger value="monthly">{t('sales.months12')}</TabsTrigger>
          </TabsList>
          <TabsContent value="daily" className="mt-3">
            <RevenueChart points={data.daily} title={t('sales.chartDaily')} />
          </TabsContent>
          <TabsContent value="monthly" className="mt-3">
            <RevenueChart points={data.monthly} title={t('sales.chartMonthly')} />
          </TabsContent>
        </Tabs>
      </PageSection>
      <WorkflowTable data={data} />
      <Breakdowns data={data} />
      <PageSection id="bundles" title={t('sales.bundles.title')}>
        <SellerBundlesPanel />
      </PageSection>
      <PageSection id="discount-codes" title={t('sales.discountCodes.title')}>
        <DiscountCodesPanel />
      </PageSection>
      <PageSection id="refund-requests" title={t('sales.refundRequests.title')}>
        <SellerRefundRequests />
      </PageSection>
      <PageSection id="tax-breakdown-title" title={t('tax.breakdownTitle')}>
        <TaxBreakdown months={data.tax_months} sales={data.recent_sales} />
      </PageSection>
      <PageSection id="payout-account-title" title={t('sales.accountTitle')} className="max-w-xl">
        <div className="mt-4">
          <PayoutAccountForm key={data.account?.updated_at ?? 'none'} account={data.account} />
        </div>
      </PageSection>
      <PageSection id="tax-profile-title" title={t('tax.profileTitle')} className="max-w-xl">
        <TaxProfileSection />
      </PageSection>
      <PayoutHistory payouts={data.payouts} />
    </div>
  );
}

function TaxProfileSection() {
  const { t } = useTranslation();
  const profile = useTaxProfile();
  return (
    <div className="mt-4">
      <p className="mb-4 text-sm">
        <Link to={paths.taxStatement()} className="font-medium text-brand-700 underline">
          {t('tax.statement.open')}
        </Link>
      </p>
      <QueryView
        query={profile}
        failed={t('tax.loadFailed')}
        loading={<SkeletonStack blocks={['h-40 w-full']} />}
      >
        {(data) => <TaxProfileForm key={data.profile?.updated_at ?? 'none'} profile={data.profile} />}
      </QueryView>
    </div>
  );
}

export function BalancesPanel({ data }: { data: SalesDashboard }) {
  const { t, i18n } = useTranslation();
  const request = useRequestPayout();
  const money = (amount: number) => formatPrice(amount, i18n.language);
  const owed = Math.max(0, -data.balances.available);
  const cards = [
    { key: 'pending', label: t('sales.pending'), help: t('sales.pendingHelp'), value: data.balances.pending },
    // Below zero (a sale refunded after its money was paid out), the card says what is owed instead.
    owed > 0
      ? { key: 'available', label: t('sales.owedLabel'), help: t('sales.owedHelp'), value: owed, owed: true }
      : {
          key: 'available',
          label: t('sales.available'),
          help: t('sales.availableHelp'),
          value: data.balances.available,
        },
    {
      key: 'in-payment',
      label: t('sales.inPayment'),
      help: t('sales.inPaymentHelp'),
      value: data.balances.in_payment,
    },
    {
      key: 'paid-out',
      label: t('sales.paidOut'),
      help: t('sales.paidOutHelp'),
      value: data.balances.paid_out,
    },
  ];
  const blocker = data.payout_blocker;
  const blockerText =
    owed > 0
      ? t('sales.owed', { amount: money(owed) })
      : blocker === 'account_on_hold'
        ? t('sales.blocker.account_on_hold', {
            date: formatDateTime(data.account!.payouts_blocked_until, i18n.language),
          })
        : blocker === 'below_minimum'
          ? t('sales.blocker.below_minimum', { minimum: money(data.payout_minimum) })
          : blocker
            ? t(`sales.blocker.${blocker}`)
            : t('sales.requestPayoutHelp', {
                amount: money(data.balances.available),
                bank: data.account?.bank_short_name ?? '',
                account: data.account?.account_number ?? '',
              });
  return (
    <section aria-labelledby="balances-title">
      <h2 id="balances-title" className="sr-only">
        {t('sales.balancesTitle')}
      </h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.key} className="rounded-2xl border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{card.label}</dt>
            <dd
              data-testid={`balance-${card.key}`}
              className={`mt-1 text-2xl font-semibold ${card.value < 0 || ('owed' in card && card.owed) ? 'text-red-700' : 'text-slate-900'}`}
            >
              {money(card.value)}
            </dd>
            <dd className="mt-1 text-xs text-slate-500">{card.help}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button
          disabled={blocker !== null || owed > 0 || request.isPending}
          onClick={() =>
            request.mutate(undefined, {
              onSuccess: () => toast.success(t('sales.payoutRequested')),
              onError: (error) => toast.error(t(errorKey(error))),
            })
          }
        >
          {t('sales.requestPayout')}
        </Button>
        <p className="text-sm text-slate-600" data-testid="payout-note">
          {blockerText}
        </p>
        {blocker === 'no_tax_profile' && (
          <a href="#tax-profile-title" className="text-sm font-medium text-brand-700 underline">
            {t('tax.fillProfile')}
          </a>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-500">
        {t('sales.feeNote', { percent: formatNumber(data.fee_percent, i18n.language) })}
      </p>
    </section>
  );
}

function WorkflowTable({ data }: { data: SalesDashboard }) {
  const { t, i18n } = useTranslation();
  if (data.workflows.length === 0) return <p className="text-slate-600">{t('sales.noWorkflows')}</p>;
  const percent = (sales: number, views: number) =>
    views > 0 ? formatPercent(sales / views, i18n.language) : '—';
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <PageSection id="per-workflow-title" title={t('sales.workflowsTitle')}>
      <FiguresTable
        rows={data.workflows}
        rowKey={(row) => row.id}
        columns={[
          {
            header: t('sales.workflow'),
            cell: (row) => (
              <Link to={workflowPath(row)} className="hover:text-brand-700">
                {row.title}
              </Link>
            ),
          },
          { header: t('sales.views'), cell: (row) => number(row.views) },
          { header: t('sales.purchases'), cell: (row) => number(row.sales) },
          { header: t('sales.conversion'), cell: (row) => percent(row.sales, row.views) },
          { header: t('sales.revenue'), cell: (row) => formatPrice(row.gross, i18n.language) },
          { header: t('sales.refunds'), cell: (row) => number(row.refunds) },
          { header: t('sales.earnings'), cell: (row) => formatPrice(row.earnings, i18n.language) },
        ]}
      />
      <p className="mt-2 text-xs text-slate-500">{t('sales.ownViewsNote')}</p>
    </PageSection>
  );
}

/** Each listing's purchases and revenue by licence tier and by discount code (refunded sales left out). */
function Breakdowns({ data }: { data: SalesDashboard }) {
  const { t, i18n } = useTranslation();
  const titles = new Map(data.workflows.map((row) => [row.id, row.title]));
  const title = (id: string) => titles.get(id) ?? '—';
  const number = (value: number) => formatNumber(value, i18n.language);
  const money = (value: number) => formatPrice(value, i18n.language);
  const tier = (licence: string) => t(`sales.licenceTier.${licence}`, { defaultValue: licence });
  if (data.by_licence.length === 0) return null;
  return (
    <>
      <PageSection id="by-licence-title" title={t('sales.byLicenceTitle')}>
        <FiguresTable
          rows={data.by_licence}
          rowKey={(row) => `${row.workflow_id}-${row.licence}`}
          columns={[
            {
              header: t('sales.workflow'),
              cell: (row) => `${title(row.workflow_id)} · ${tier(row.licence)}`,
            },
            { header: t('sales.purchases'), cell: (row) => number(row.sales) },
            { header: t('sales.revenue'), cell: (row) => money(row.gross) },
          ]}
        />
      </PageSection>
      <PageSection id="by-discount-title" title={t('sales.byDiscountTitle')}>
        <FiguresTable
          rows={data.by_discount}
          rowKey={(row) => `${row.workflow_id}-${row.code ?? ''}`}
          columns={[
            {
              header: t('sales.workflow'),
              cell: (row) => `${title(row.workflow_id)} · ${row.code ?? t('sales.noCode')}`,
            },
            { header: t('sales.purchases'), cell: (row) => number(row.sales) },
            { header: t('sales.discountGiven'), cell: (row) => money(row.discount) },
            { header: t('sales.revenue'), cell: (row) => money(row.gross) },
          ]}
        />
      </PageSection>
    </>
  );
}

function PayoutHistory({ payouts }: { payouts: Payout[] }) {
  const { t, i18n } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? payouts : payouts.slice(0, 10);
  return (
    <PageSection id="payouts-title" title={t('sales.payoutsTitle')}>
      {payouts.length === 0 ? (
        <p className="mt-3 text-slate-600">{t('sales.noPayouts')}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {shown.map((payout) => (
            <li
              key={payout.id}
              data-testid="payout"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3"
            >
              <div>
                <p className="font-medium text-slate-900">{formatPrice(payout.amount, i18n.language)}</p>
                <p className="text-sm text-slate-600">
                  {payout.bank_short_name} •••• {payout.account_number.slice(-4)} ·{' '}
                  {formatDateTime(payout.created_at, i18n.language)}
                </p>
                <PayoutNotes payout={payout} />
              </div>
              <PayoutStateBadge state={payout.state} />
            </li>
          ))}
        </ul>
      )}
      {payouts.length > 10 && !showAll && (
        <Button variant="ghost" className="mt-2" onClick={() => setShowAll(true)}>
          {t('sales.showAllPayouts')}
        </Button>
      )}
    </PageSection>
  );
}

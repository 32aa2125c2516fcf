import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYOUT_STATE_VALUES, type AdminPayout, type PayoutStateValue } from '@flowbay/domain';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useAdminPayouts } from '../api/get-admin-payouts';
import { useAdminRevenue } from '../api/get-admin-revenue';
import { useMarkPayout } from '../api/mark-payout';
import { translateMessage } from '@/i18n/keys';

/** The admin's Payouts tab: revenue per month, then the payout queue with its CSV bank batch. */
export function AdminPayoutsPanel() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="admin-revenue-title">
        <h2 id="admin-revenue-title" className="text-xl font-semibold text-slate-900">
          {t('adminPayouts.revenueTitle')}
        </h2>
        <RevenueTable />
      </section>
      <section aria-labelledby="payout-queue-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="payout-queue-title" className="text-xl font-semibold text-slate-900">
            {t('adminPayouts.queueTitle')}
          </h2>
          <Button asChild variant="outline">
            <a href="/api/admin/payouts.csv" download>
              <Download aria-hidden="true" />
              {t('adminPayouts.exportCsv')}
            </a>
          </Button>
        </div>
        <PayoutQueue />
      </section>
    </div>
  );
}

function RevenueTable() {
  const { t, i18n } = useTranslation();
  const revenue = useAdminRevenue();
  if (revenue.isError)
    return (
      <LoadError
        className="mt-4"
        messages={[t('adminPayouts.loadFailed')]}
        onRetry={() => void revenue.refetch()}
      />
    );
  if (!revenue.data) return <Skeleton className="mt-4 h-40 w-full rounded-2xl" />;
  const money = (amount: number) => formatPrice(amount, i18n.language);
  return (
    <>
      <p className="mt-2 text-sm text-slate-600" data-testid="pending-payouts">
        {t('adminPayouts.pendingPayouts', {
          count: revenue.data.pending_payouts.count,
          amount: money(revenue.data.pending_payouts.amount),
        })}
      </p>
      <div className="mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('adminPayouts.month')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                {t('adminPayouts.salesCount')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                {t('adminPayouts.gross')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                {t('adminPayouts.fees')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                {t('adminPayouts.refunds')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...revenue.data.months].reverse().map((month) => (
              <tr key={month.month} className="border-t border-slate-100">
                <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                  {new Intl.DateTimeFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB', {
                    month: 'long',
                    year: 'numeric',
                    timeZone: 'UTC',
                  }).format(new Date(`${month.month}-01T00:00:00Z`))}
                </th>
                <td className="px-4 py-2 text-right">{month.sales}</td>
                <td className="px-4 py-2 text-right">{money(month.gross)}</td>
                <td className="px-4 py-2 text-right">{money(month.fees)}</td>
                <td className="px-4 py-2 text-right">
                  {month.refunds} · {money(month.refunded_amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function PayoutQueue() {
  const { t } = useTranslation();
  const [state, setState] = useState<PayoutStateValue | ''>('requested');
  const payouts = useAdminPayouts(state);
  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="flex max-w-xs flex-col gap-1.5">
        <Label htmlFor="payout-state">{t('adminPayouts.stateFilter')}</Label>
        <NativeSelect
          id="payout-state"
          value={state}
          onChange={(event) => setState(event.target.value as PayoutStateValue | '')}
        >
          <option value="">{t('adminPayouts.all')}</option>
          {PAYOUT_STATE_VALUES.map((value) => (
            <option key={value} value={value}>
              {t(`sales.payoutState.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {payouts.isError ? (
        <LoadError messages={[t('adminPayouts.loadFailed')]} onRetry={() => void payouts.refetch()} />
      ) : !payouts.data ? (
        <Skeleton className="h-24 w-full rounded-2xl" />
      ) : payouts.data.payouts.length === 0 ? (
        <p className="text-slate-600">{t('adminPayouts.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {payouts.data.payouts.map((payout) => (
            <PayoutRow key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PayoutRow({ payout }: { payout: AdminPayout }) {
  const { t, i18n } = useTranslation();
  const mark = useMarkPayout();
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const onDone = (key: string) => ({
    onSuccess: () => toast.success(translateMessage(t, key)),
    onError: (error: unknown) => toast.error(t(errorKey(error))),
  });
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="admin-payout"
      aria-label={t('adminPayouts.rowLabel', {
        seller: payout.seller.name,
        amount: formatPrice(payout.amount, i18n.language),
      })}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-slate-900">{formatPrice(payout.amount, i18n.language)}</p>
          <p className="text-sm text-slate-600">
            {payout.seller.name} · {payout.seller.email}
          </p>
          <p className="text-sm text-slate-600">
            {payout.bank_short_name} ({payout.bank_bin}) · {payout.account_number} · {payout.holder_name}
          </p>
          <p className="text-xs text-slate-500">{formatDateTime(payout.created_at, i18n.language)}</p>
          {payout.transfer_ref && (
            <p className="text-sm text-slate-600">{t('sales.transferRef', { ref: payout.transfer_ref })}</p>
          )}
        </div>
        <Badge
          variant={payout.state === 'paid' ? 'success' : payout.state === 'failed' ? 'danger' : 'neutral'}
        >
          {t(`sales.payoutState.${payout.state}`)}
        </Badge>
      </div>
      {payout.state === 'requested' && (
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (reference.trim())
                mark.mutate(
                  { id: payout.id, state: 'paid', transferRef: reference.trim() },
                  onDone('adminPayouts.paidToast'),
                );
            }}
          >
            <div className="flex flex-1 flex-col gap-1.5">
              <Label htmlFor={`ref-${payout.id}`}>{t('adminPayouts.transferRef')}</Label>
              <Input
                id={`ref-${payout.id}`}
                value={reference}
                onChange={(event) => setReference(event.target.value)}
              />
            </div>
            <Button type="submit" disabled={mark.isPending || !reference.trim()}>
              {t('adminPayouts.markPaid')}
            </Button>
          </form>
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (reason.trim())
                mark.mutate(
                  { id: payout.id, state: 'failed', reason: reason.trim() },
                  onDone('adminPayouts.failedToast'),
                );
            }}
          >
            <div className="flex flex-1 flex-col gap-1.5">
              <Label htmlFor={`reason-${payout.id}`}>{t('adminPayouts.reason')}</Label>
              <Input
                id={`reason-${payout.id}`}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            <Button type="submit" variant="outline" disabled={mark.isPending || !reason.trim()}>
              {t('adminPayouts.markFailed')}
            </Button>
          </form>
        </div>
      )}
    </li>
  );
}

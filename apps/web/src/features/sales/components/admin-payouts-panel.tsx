import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { PAYOUT_STATE_VALUES, type AdminPayout, type PayoutStateValue } from '@flowbay/domain';
import { DownloadLink } from '@/components/download-link';
import { FiguresTable } from '@/components/figures-table';
import { PageSection } from '@/components/page-section';
import { QueryList } from '@/components/query-list';
import { Button, type ButtonProps } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useAdminPayouts } from '../api/get-admin-payouts';
import { useAdminRevenue } from '../api/get-admin-revenue';
import { useMarkPayout } from '../api/mark-payout';
import { useSendPayouts } from '../api/send-payouts';
import { PayoutNotes, PayoutStateBadge } from './payout-state-badge';
import { AdminReportView } from './admin-report-view';

/**
 * The admin's Payouts tab: revenue per month, then the payout queue with its CSV bank batch and, when
 * the server has payOS's payout channel, the selection of requested payouts to send through payOS.
 */
export function AdminPayoutsPanel() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-10">
      <PageSection id="admin-revenue-title" title={t('adminPayouts.revenueTitle')}>
        <RevenueTable />
      </PageSection>
      <PageSection
        id="payout-queue-title"
        title={t('adminPayouts.queueTitle')}
        action={<DownloadLink href="/api/admin/payouts.csv">{t('adminPayouts.exportCsv')}</DownloadLink>}
      >
        <PayoutQueue />
      </PageSection>
    </div>
  );
}

function RevenueTable() {
  const { t, i18n } = useTranslation();
  const revenue = useAdminRevenue();
  const money = (amount: number) => formatPrice(amount, i18n.language);
  const monthName = new Intl.DateTimeFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <AdminReportView query={revenue} failed={t('adminPayouts.loadFailed')}>
      {(data) => (
        <>
          <p className="mt-2 text-sm text-slate-600" data-testid="pending-payouts">
            {t('adminPayouts.pendingPayouts', {
              count: data.pending_payouts.count,
              amount: money(data.pending_payouts.amount),
            })}
          </p>
          <FiguresTable
            rows={[...data.months].reverse()}
            rowKey={(month) => month.month}
            columns={[
              {
                header: t('adminPayouts.month'),
                cell: (month) => monthName.format(new Date(`${month.month}-01T00:00:00Z`)),
              },
              { header: t('adminPayouts.salesCount'), cell: (month) => month.sales },
              { header: t('adminPayouts.gross'), cell: (month) => money(month.gross) },
              { header: t('adminPayouts.fees'), cell: (month) => money(month.fees) },
              {
                header: t('adminPayouts.refunds'),
                cell: (month) => `${month.refunds} · ${money(month.refunded_amount)}`,
              },
            ]}
          />
        </>
      )}
    </AdminReportView>
  );
}

function PayoutQueue() {
  const { t } = useTranslation();
  const [state, setState] = useState<PayoutStateValue | ''>('requested');
  const payouts = useAdminPayouts(state);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const send = useSendPayouts();
  const viaPayos = payouts.data?.payos_payouts === true;
  const requested = (payouts.data?.payouts ?? []).filter((payout) => payout.state === 'requested');
  const chosen = requested.filter((payout) => selected.has(payout.id)).map((payout) => payout.id);
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const sendChosen = () =>
    send.mutate(chosen, {
      onSuccess: () => {
        setSelected(new Set());
        toast.success(t('adminPayouts.sentToast', { count: chosen.length }));
      },
      onError: (error: unknown) => toast.error(t(errorKey(error))),
    });
  return (
    <div className="mt-4 flex flex-col gap-4">
      {viaPayos && (
        <div
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4"
          data-testid="payos-send"
        >
          <div>
            <p className="font-medium text-slate-900">{t('adminPayouts.payosTitle')}</p>
            <p className="text-sm text-slate-600">{t('adminPayouts.payosHint')}</p>
          </div>
          <Button type="button" disabled={chosen.length === 0 || send.isPending} onClick={sendChosen}>
            {t('adminPayouts.sendSelected', { count: chosen.length })}
          </Button>
        </div>
      )}
      <div className="max-w-xs">
        <SelectField
          id="payout-state"
          label={t('adminPayouts.stateFilter')}
          value={state}
          onValueChange={(value) => setState(value as PayoutStateValue | '')}
          options={[
            { value: '', label: t('adminPayouts.all') },
            ...PAYOUT_STATE_VALUES.map((value) => ({ value, label: t(`sales.payoutState.${value}`) })),
          ]}
        />
      </div>
      <QueryList
        query={payouts}
        items={(data) => data.payouts}
        failed={t('adminPayouts.loadFailed')}
        empty={<p className="text-slate-600">{t('adminPayouts.empty')}</p>}
      >
        {(payout) => (
          <PayoutRow
            key={payout.id}
            payout={payout}
            selection={
              viaPayos && payout.state === 'requested'
                ? { checked: selected.has(payout.id), onChange: (on) => toggle(payout.id, on) }
                : undefined
            }
          />
        )}
      </QueryList>
    </div>
  );
}

function PayoutRow({
  payout,
  selection,
}: {
  payout: AdminPayout;
  /** Shown when payOS's payout channel is configured and the payout is requested. */
  selection?: { checked: boolean; onChange: (checked: boolean) => void };
}) {
  const { t, i18n } = useTranslation();
  const mark = useMarkPayout();
  const onDone = (key: 'adminPayouts.paidToast' | 'adminPayouts.failedToast') => ({
    onSuccess: () => toast.success(t(key)),
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
        {selection && (
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={selection.checked}
            onChange={(event) => selection.onChange(event.target.checked)}
            aria-label={t('adminPayouts.selectForPayos', {
              seller: payout.seller.name,
              amount: formatPrice(payout.amount, i18n.language),
            })}
          />
        )}
        <div className="flex-1">
          <p className="font-semibold text-slate-900">{formatPrice(payout.amount, i18n.language)}</p>
          <p className="text-sm text-slate-600">
            {payout.seller.name} · {payout.seller.email}
          </p>
          <p className="text-sm text-slate-600">
            {payout.bank_short_name} ({payout.bank_bin}) · {payout.account_number} · {payout.holder_name}
          </p>
          <p className="text-xs text-slate-500">{formatDateTime(payout.created_at, i18n.language)}</p>
          <PayoutNotes payout={payout}>
            {payout.state === 'sending' && (
              <p className="text-sm text-slate-600" data-testid="payos-sending">
                {payout.payos_ref
                  ? t('adminPayouts.sendingWith', { ref: payout.payos_ref })
                  : t('adminPayouts.sendingRetry')}
              </p>
            )}
          </PayoutNotes>
        </div>
        <PayoutStateBadge state={payout.state} />
      </div>
      {payout.state === 'requested' && (
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <MarkForm
            id={`ref-${payout.id}`}
            label={t('adminPayouts.transferRef')}
            submit={t('adminPayouts.markPaid')}
            pending={mark.isPending}
            onMark={(transferRef) =>
              mark.mutate({ id: payout.id, state: 'paid', transferRef }, onDone('adminPayouts.paidToast'))
            }
          />
          <MarkForm
            id={`reason-${payout.id}`}
            label={t('adminPayouts.reason')}
            submit={t('adminPayouts.markFailed')}
            variant="outline"
            pending={mark.isPending}
            onMark={(reason) =>
              mark.mutate({ id: payout.id, state: 'failed', reason }, onDone('adminPayouts.failedToast'))
            }
          />
        </div>
      )}
    </li>
  );
}

/** One way to close a requested payout: a required text (the transfer reference or the reason) and its button. */
function MarkForm({
  id,
  label,
  submit,
  variant,
  pending,
  onMark,
}: {
  id: string;
  label: string;
  submit: string;
  variant?: ButtonProps['variant'];
  pending: boolean;
  onMark: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) onMark(text.trim());
  };
  return (
    <form className="flex items-end gap-2" onSubmit={onSubmit}>
      <div className="flex-1">
        <TextField id={id} label={label} value={text} onValueChange={setText} />
      </div>
      <Button type="submit" variant={variant} disabled={pending || !text.trim()}>
        {submit}
      </Button>
    </form>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { type AdminPaymentIncident, type PaymentIncidentOutcome } from '@flowbay/domain';
import { paths } from '@flowbay/domain/routes';
import { paymentProviderName } from '@flowbay/domain/payment-providers';
import { DialogActions } from '@/components/dialog-actions';
import { PageSection } from '@/components/page-section';
import { RowCard } from '@/components/row-card';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import { usePaymentIncidents } from '../api/get-payment-incidents';
import { useRetryAutoRefund } from '../api/retry-auto-refund';
import { PagedAdminList } from './paged-admin-list';
import { RefundedByTransferButton, refundsByTransfer } from './refunded-by-transfer-button';
import { accountName } from '@/lib/account-name';

const OUTCOME_VARIANT: Record<PaymentIncidentOutcome, NonNullable<BadgeProps['variant']>> = {
  fulfilled: 'success',
  refund_pending: 'warning',
  refunded: 'neutral',
  refund_failed: 'danger',
  held: 'danger',
};

/**
 * The admin's Payment incidents tab: every payment that did not simply pay a pending order (decision
 * 0136), newest first, with a retry for an automatic refund the provider kept refusing.
 */
export function PaymentIncidentsPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const incidents = usePaymentIncidents(page);
  return (
    <PageSection id="payment-incidents-title" title={t('adminIncidents.tab')}>
      <p className="mt-1 text-sm text-slate-600">{t('adminIncidents.intro')}</p>
      <div className="mt-4 flex flex-col gap-4">
        <PagedAdminList
          query={incidents}
          items={(data) => data.incidents}
          texts={{
            failed: t('adminIncidents.loadFailed'),
            empty: t('adminIncidents.empty'),
            count: (count) => t('adminIncidents.count', { count }),
          }}
          page={page}
          onPageChange={setPage}
        >
          {(incident) => <IncidentRow key={incident.order_code} incident={incident} />}
        </PagedAdminList>
      </div>
    </PageSection>
  );
}

function IncidentRow({ incident }: { incident: AdminPaymentIncident }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <RowCard
      data-testid="payment-incident"
      className="text-sm"
      actions={<IncidentActions incident={incident} />}
    >
      <p className="flex flex-wrap items-center gap-2">
        <Link
          to={paths.orderReceipt(incident.order_code)}
          className="font-mono font-semibold text-slate-900 hover:text-brand-700"
        >
          {incident.order_code}
        </Link>
        <Badge variant="neutral">{t(`adminIncidents.kinds.${incident.kind}`)}</Badge>
        <Badge variant={OUTCOME_VARIANT[incident.outcome]} data-testid="incident-outcome">
          {t(`adminIncidents.outcomes.${incident.outcome}`)}
        </Badge>
        <span className="font-semibold text-slate-900">{formatPrice(incident.amount, language)}</span>
      </p>
      <p className="mt-1 truncate text-slate-800">{incident.workflow.title}</p>
      {incident.received_amount !== null && (
        <p className="mt-1 font-medium text-slate-900">
          {t('adminIncidents.receivedAmount', {
            received: formatPrice(incident.received_amount, language),
            price: formatPrice(incident.amount, language),
          })}
        </p>
      )}
      <p className="mt-1 text-slate-600">{accountName(t, incident.buyer.name, incident.buyer.email)}</p>
      <p className="mt-1 text-slate-600">
        {paymentProviderName(incident.provider, i18n.language, 'name')}
        {incident.provider_ref && <span className="font-mono"> · {incident.provider_ref}</span>} ·{' '}
        {t('adminIncidents.orderStates', {
          before: t(`orders.states.${incident.order_state_before}`),
          now: t(`orders.states.${incident.order_state}`),
        })}
      </p>
      <p className="mt-1 text-slate-600">
        {t('adminIncidents.received', { date: formatDateTime(incident.created_at, language) })}
        {incident.resolved_at &&
          ` · ${t('adminIncidents.resolved', { date: formatDateTime(incident.resolved_at, language) })}`}
      </p>
      {incident.kind !== 'late_payment' && (
        <p className="mt-1 text-slate-600">
          {t('adminIncidents.attempts', { count: incident.refund_attempts })}
          {incident.refund_ref && (
            <>
              {' · '}
              <span className="font-mono">{t('adminIncidents.refundRef', { ref: incident.refund_ref })}</span>
            </>
          )}
        </p>
      )}
      {incident.last_error && incident.outcome !== 'refunded' && (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 break-words text-red-900">
          {t('adminIncidents.lastError', { error: incident.last_error })}
        </p>
      )}
    </RowCard>
  );
}

/**
 * A refund awaiting an admin: a payment held for its amount, or any payment to a provider without a
 * refund API (payOS), is sent back by hand and recorded; another's failed automatic refund can be
 * tried again.
 */
function IncidentActions({ incident }: { incident: AdminPaymentIncident }) {
  const awaiting = incident.outcome === 'refund_failed' || incident.outcome === 'refund_pending';
  if (incident.outcome === 'held' || (awaiting && refundsByTransfer(incident.provider))) {
    return (
      <RefundedByTransferButton code={incident.order_code} id={`transfer-refund-${incident.order_code}`} />
    );
  }
  return incident.outcome === 'refund_failed' && <RetryRefundButton code={incident.order_code} />;
}

/** Asks before putting the refund back in the queue; a refusal stays in the dialog with its reason. */
function RetryRefundButton({ code }: { code: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const retry = useRetryAutoRefund();
  const confirm = () =>
    retry.mutate(code, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t('adminIncidents.retried', { code }));
      },
    });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (retry.isPending) return;
        setOpen(next);
        retry.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="primary" className="shrink-0">
          {t('adminIncidents.retry')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('adminIncidents.retryTitle', { code })}
        description={t('adminIncidents.retryText')}
        closeLabel={t('common.close')}
      >
        {retry.isError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {t(errorKey(retry.error))}
          </p>
        )}
        <DialogActions pending={retry.isPending} className="mt-5">
          <Button onClick={confirm} disabled={retry.isPending}>
            {retry.isPending ? t('adminIncidents.retrying') : t('adminIncidents.confirmRetry')}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}

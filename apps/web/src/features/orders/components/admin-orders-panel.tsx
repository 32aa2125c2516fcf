import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import {
  ORDER_STATES,
  REFUND_REASON_MAX,
  type AdminOrder,
  type AdminRefundRequest,
  type OrderState,
} from '@flowbay/domain';
import { paymentProviderName } from '@flowbay/domain/payment-providers';
import { PageSection } from '@/components/page-section';
import { QueryList } from '@/components/query-list';
import { RowCard } from '@/components/row-card';
import { formatDate, formatDateTime, formatPrice } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeclineRefund, useRefundOrder } from '../api/admin-order-decisions';
import { useAdminOrders } from '../api/get-admin-orders';
import { useRefundRequests } from '../api/get-refund-requests';
import { OrderStateBadge } from './order-state-badge';
import { PagedAdminList } from './paged-admin-list';
import { RefundedByTransferButton, refundsByTransfer } from './refunded-by-transfer-button';
import { ReasonDialog } from '@/components/reason-dialog';
import { accountName } from '@/lib/account-name';

/** The admin's Orders tab: open refund requests first, then every order with search and a state filter. */
export function AdminOrdersPanel() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-10">
      <PageSection id="refund-queue-title" title={t('adminOrders.refundQueue')}>
        <RefundQueue />
      </PageSection>
      <PageSection id="all-orders-title" title={t('adminOrders.allOrders')}>
        <OrderList />
      </PageSection>
    </div>
  );
}

function RefundQueue() {
  const { t } = useTranslation();
  const queue = useRefundRequests();
  return (
    <div className="mt-4">
      <QueryList
        query={queue}
        items={(data) => data.orders}
        failed={t('adminOrders.loadFailed')}
        empty={<p className="text-slate-600">{t('adminOrders.queueEmpty')}</p>}
      >
        {(order) => (
          <OrderRow key={order.code} order={order} queue>
            <RefundEvidence request={order} />
          </OrderRow>
        )}
      </QueryList>
    </div>
  );
}

function OrderList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [state, setState] = useState<OrderState | ''>('');
  const [page, setPage] = useState(0);
  const q = useDebouncedValue(search.trim(), 300);
  const orders = useAdminOrders({ q, state, page });
  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <TextField
          id="orders-search"
          label={t('adminOrders.search')}
          type="search"
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setPage(0);
          }}
        />
        <SelectField
          id="orders-state"
          label={t('adminOrders.state')}
          value={state}
          onValueChange={(value) => {
            setState(value as OrderState | '');
            setPage(0);
          }}
          options={[
            { value: '', label: t('adminOrders.allStates') },
            ...ORDER_STATES.map((item) => ({ value: item, label: t(`orders.states.${item}`) })),
          ]}
        />
      </div>
      <PagedAdminList
        query={orders}
        items={(data) => data.orders}
        texts={{
          failed: t('adminOrders.loadFailed'),
          empty: t('adminOrders.empty'),
          count: (count) => t('adminOrders.count', { count }),
        }}
        page={page}
        onPageChange={setPage}
      >
        {(order) => <OrderRow key={order.code} order={order} />}
      </PagedAdminList>
    </div>
  );
}

/**
 * What the admin weighs beside the buyer's reason (decision 0158): the seller's answer, or that none
 * came (yet), and every time the buyer took the file, with its time and way.
 */
function RefundEvidence({ request }: { request: AdminRefundRequest }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const answer = request.seller_answer;
  const answerText = answer
    ? answer.accepted
      ? t('adminOrders.sellerAccepted', { date: formatDateTime(answer.answered_at, language) })
      : t('adminOrders.sellerContested', {
          reason: answer.reason ?? '',
          date: formatDateTime(answer.answered_at, language),
        })
    : new Date(request.answer_due_at).getTime() < Date.now()
      ? t('adminOrders.sellerWindowClosed')
      : t('adminOrders.sellerNoAnswerYet', { date: formatDateTime(request.answer_due_at, language) });
  const undatedDays = request.download_days.filter(
    (day) => !request.downloads.some((item) => item.at.slice(0, 10) === day),
  );
  return (
    <div className="mt-2 flex flex-col gap-2">
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-slate-800" data-testid="seller-answer">
        {answerText}
      </p>
      <div data-testid="download-evidence">
        <p className="font-medium text-slate-800">{t('adminOrders.downloadsTitle')}</p>
        {request.downloads.length === 0 && undatedDays.length === 0 ? (
          <p className="text-slate-600">{t('adminOrders.noDownloads')}</p>
        ) : (
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {request.downloads.map((item) => (
              <li key={`${item.kind}-${item.at}`}>
                {t(`adminOrders.downloadKind.${item.kind}`)} · {formatDateTime(item.at, language)}
                {item.version && ` · v${item.version}`}
              </li>
            ))}
            {undatedDays.map((day) => (
              <li key={day}>{t('adminOrders.downloadDay', { date: formatDate(day, language) })}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function OrderRow({
  order,
  queue = false,
  children,
}: {
  order: AdminOrder;
  queue?: boolean;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const refund = useRefundOrder();
  const decline = useDeclineRefund();
  const language = i18n.language;
  const openRequest = order.refund_request?.state === 'open' ? order.refund_request : null;
  // What the refund and the decline dialogs have in common.
  const decision = {
    maxLength: REFUND_REASON_MAX,
    triggerSize: 'sm',
    label: t('adminOrders.reason'),
    pendingLabel: t('adminOrders.working'),
    failed: t('adminOrders.failed'),
  } as const;
  return (
    <RowCard
      data-testid={queue ? 'refund-request' : 'admin-order'}
      className="text-sm"
      actions={
        order.state === 'paid' && (
          <div className="flex shrink-0 flex-wrap gap-2">
            {refundsByTransfer(order.provider) ? (
              <RefundedByTransferButton
                code={order.code}
                id={`transfer-refund-${queue ? 'queue' : 'list'}-${order.code}`}
              />
            ) : (
              <ReasonDialog
                {...decision}
                id={`refund-${queue ? 'queue' : 'list'}-${order.code}`}
                trigger={openRequest ? t('adminOrders.approve') : t('adminOrders.refund')}
                triggerVariant={openRequest ? 'primary' : 'outline'}
                title={t('adminOrders.refundTitle', { code: order.code })}
                description={t('adminOrders.refundText')}
                confirm={t('adminOrders.confirmRefund')}
                destructive
                submit={(reason) => refund.mutateAsync({ code: order.code, reason })}
                succeeded={t('adminOrders.refunded', { code: order.code })}
              />
            )}
            {openRequest && (
              <ReasonDialog
                {...decision}
                id={`decline-${queue ? 'queue' : 'list'}-${order.code}`}
                trigger={t('adminOrders.decline')}
                title={t('adminOrders.declineTitle', { code: order.code })}
                description={t('adminOrders.declineText')}
                confirm={t('adminOrders.confirmDecline')}
                submit={(reason) => decline.mutateAsync({ code: order.code, reason })}
                succeeded={t('adminOrders.declined', { code: order.code })}
              />
            )}
          </div>
        )
      }
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold text-slate-900">{order.code}</span>
        <OrderStateBadge state={order.state} />
        <span className="font-semibold text-slate-900">{formatPrice(order.amount, language)}</span>
      </p>
      <p className="mt-1 truncate text-slate-800">{order.workflow.title}</p>
      <p className="mt-1 text-slate-600">{accountName(t, order.buyer.name, order.buyer.email)}</p>
      <p className="mt-1 text-slate-600">
        {paymentProviderName(order.provider, i18n.language, 'name')}
        {order.provider_ref && <span className="font-mono"> · {order.provider_ref}</span>} ·{' '}
        {formatDateTime(order.created_at, language)}
      </p>
      {openRequest && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          {t('adminOrders.requestedReason', { reason: openRequest.reason })}
        </p>
      )}
      {children}
    </RowCard>
  );
}

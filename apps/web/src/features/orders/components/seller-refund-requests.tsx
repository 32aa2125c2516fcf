import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { REFUND_REASON_MAX, workflowPath, type SellerRefundRequest } from '@flowbay/domain';
import { QueryList } from '@/components/query-list';
import { ReasonDialog } from '@/components/reason-dialog';
import { RowCard } from '@/components/row-card';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useAnswerRefundRequest, useSellerRefundRequests } from '../api/seller-refund-requests';
import { accountName } from '@/lib/account-name';

/**
 * Open refund requests on the seller's listings (decision 0158): the buyer's reason, and until 48
 * hours after the request, "Accept the refund" or "Explain why not". The admin decides.
 */
export function SellerRefundRequests({ now = () => Date.now() }: { now?: () => number }) {
  const { t } = useTranslation();
  const requests = useSellerRefundRequests();
  return (
    <div className="mt-3">
      <p className="text-sm text-slate-600">{t('sales.refundRequests.intro')}</p>
      <div className="mt-3">
        <QueryList
          query={requests}
          items={(data) => data.requests}
          failed={t('sales.refundRequests.loadFailed')}
          empty={<p className="text-slate-600">{t('sales.refundRequests.empty')}</p>}
        >
          {(request) => <RequestRow key={request.id} request={request} now={now} />}
        </QueryList>
      </div>
    </div>
  );
}

function RequestRow({ request, now }: { request: SellerRefundRequest; now: () => number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const answer = useAnswerRefundRequest(request.id);
  const open = !request.answer && now() <= new Date(request.answer_due_at).getTime();
  const status = request.answer
    ? request.answer.accepted
      ? t('sales.refundRequests.accepted')
      : t('sales.refundRequests.contested', { reason: request.answer.reason ?? '' })
    : open
      ? t('sales.refundRequests.answerBy', { date: formatDateTime(request.answer_due_at, language) })
      : t('sales.refundRequests.windowClosed');
  return (
    <RowCard
      data-testid="seller-refund-request"
      className="text-sm"
      actions={
        open && (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button
              size="sm"
              disabled={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { accept: true },
                  {
                    onSuccess: () => toast.success(t('sales.refundRequests.acceptedToast')),
                    onError: (error) => toast.error(t(errorKey(error))),
                  },
                )
              }
            >
              {t('sales.refundRequests.accept')}
            </Button>
            <ReasonDialog
              id={`contest-${request.id}`}
              trigger={t('sales.refundRequests.contest')}
              triggerVariant="outline"
              triggerSize="sm"
              title={t('sales.refundRequests.contestTitle', { code: request.order_code })}
              description={t('sales.refundRequests.contestText')}
              label={t('sales.refundRequests.reason')}
              maxLength={REFUND_REASON_MAX}
              confirm={t('sales.refundRequests.send')}
              pendingLabel={t('sales.refundRequests.sending')}
              submit={(reason) => answer.mutateAsync({ accept: false, reason })}
              succeeded={t('sales.refundRequests.contestedToast')}
              failed={t('sales.refundRequests.failed')}
            />
          </div>
        )
      }
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold text-slate-900">{request.order_code}</span>
        <span className="font-semibold text-slate-900">{formatPrice(request.amount, language)}</span>
      </p>
      <p className="mt-1 truncate text-slate-800">
        <Link to={workflowPath(request.workflow)} className="hover:text-brand-700">
          {request.workflow.title}
        </Link>
      </p>
      <p className="mt-1 text-slate-600">
        {t('sales.refundRequests.requested', {
          name: accountName(t, request.buyer_name),
          date: formatDateTime(request.created_at, language),
        })}
      </p>
      <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
        {t('sales.refundRequests.buyerReason', { reason: request.reason })}
      </p>
      <p className="mt-2 text-slate-700" data-testid="seller-refund-status">
        {status}
      </p>
    </RowCard>
  );
}

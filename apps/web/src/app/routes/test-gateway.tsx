import { FlaskConical } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { useCompleteTestPayment } from '@/features/orders/api/complete-test-payment';
import { useTestGatewaySession } from '@/features/orders/api/get-test-gateway-session';
import { errorKey } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';

/**
 * The built-in test gateway's payment page (only when no real provider is configured). It stands in
 * for VNPay's: the signed `vnp_…` parameters come in its address, Pay / Cancel send a signed IPN.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  usePageMeta(t('testGateway.title'));
  const session = useTestGatewaySession(search);
  const complete = useCompleteTestPayment();
  const params = Object.fromEntries(new URLSearchParams(search));
  const merchant = params.vnp_TmnCode;
  const busy = complete.isPending || complete.isSuccess;

  const finish = (outcome: 'pay' | 'cancel') =>
    complete.mutate(
      { params, outcome },
      {
        onSuccess: (answer) => window.location.assign(answer.redirect_url),
        onError: (error) => toast.error(t('testGateway.failed'), { description: t(errorKey(error)) }),
      },
    );

  const order = session.data?.valid && session.data.order_code ? session.data : null;
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12">
      <p
        className="flex items-center justify-center gap-2 rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-center font-semibold text-amber-900"
        data-testid="test-gateway-label"
      >
        <FlaskConical className="size-5" aria-hidden="true" />
        {t('testGateway.label')}
      </p>
      <h1 className="mt-6 text-2xl font-bold text-slate-900">{t('testGateway.title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('testGateway.intro')}</p>
      {session.isPending ? (
        <Skeleton className="mt-6 h-48 w-full rounded-2xl" />
      ) : !order ? (
        <p role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-900">
          {t('testGateway.invalid')}
        </p>
      ) : (
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-xs">
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label={t('testGateway.merchant')} value={merchant ? `Flowbay (${merchant})` : 'Flowbay'} />
            <Row label={t('testGateway.orderCode')} value={order.order_code ?? ''} mono />
            {order.order_info && <Row label={t('testGateway.orderInfo')} value={order.order_info} />}
            <Row
              label={t('testGateway.amount')}
              value={formatPrice(order.amount ?? 0, i18n.language)}
              testId="gateway-amount"
            />
          </dl>
          <div className="mt-6 flex flex-wrap gap-2">
            <Button size="lg" onClick={() => finish('pay')} disabled={busy}>
              {t('testGateway.pay')}
            </Button>
            <Button size="lg" variant="outline" onClick={() => finish('cancel')} disabled={busy}>
              {t('testGateway.cancel')}
            </Button>
          </div>
          {busy && (
            <p className="mt-3 text-sm text-slate-600" role="status">
              {t('testGateway.working')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function Row({
  label,
  value,
  mono,
  testId,
}: {
  label: string;
  value: string;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex justify-between gap-4 py-2.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`text-right font-medium text-slate-900 ${mono ? 'font-mono' : ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

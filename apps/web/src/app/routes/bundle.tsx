import { Package, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths, type BundleDetail, type OrderResponse, type PaymentProviderId } from '@flowbay/domain';
import { paymentProviderName } from '@flowbay/domain/payment-providers';
import { NotFoundState } from '@/components/not-found-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { useBundle } from '@/features/bundles/api/get-bundles';
import { useCreateOrder } from '@/features/orders/api/create-order';
import { usePaymentProviders } from '@/features/orders/api/get-payment-providers';
import { commerceKeys } from '@/features/orders/api/query-keys';
import { WorkflowCard } from '@/features/workflows/components/workflow-card';
import { useTranslation } from '@/i18n/use-translation';
import { errorKey } from '@/lib/api-client';
import { useCurrentUserId } from '@/lib/current-user';
import { formatPrice } from '@/lib/format';
import { usePageHead } from '@/lib/page-meta';
import { page as bundlePage } from './bundle.page';

/** A bundle's page: its workflows' cards, its price against buying them one by one, and a Buy block. */
export function Component() {
  const { slug = '' } = useParams();
  const { t, i18n } = useTranslation();
  const bundle = useBundle(slug);
  const data = bundle.data;
  usePageHead(
    bundlePage,
    data
      ? {
          title: data.title,
          description: data.description,
          count: data.item_count,
          seller: data.seller.name,
          price: formatPrice(data.price, i18n.language),
        }
      : null,
    data !== undefined || bundle.isError,
  );

  if (bundle.isError) {
    return (
      <NotFoundState
        title={t('bundles.notFoundTitle')}
        text={t('bundles.notFoundText')}
        action={{ to: paths.catalog(), label: t('bundles.backToWorkflows'), back: true }}
      />
    );
  }
  if (!data) return <Skeleton className="mx-auto my-10 h-64 max-w-5xl" />;
  const owned = new Set(data.offer?.owned_workflow_ids ?? []);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <header>
          <Badge variant="neutral">
            <Package className="mr-1 size-3.5" aria-hidden="true" />
            {t('bundles.badge')}
          </Badge>
          <h1 className="mt-3 text-3xl font-bold text-slate-900">{data.title}</h1>
          <p className="mt-2 text-sm text-slate-600">{t('bundles.by', { seller: data.seller.name })}</p>
          {data.description && (
            <p className="mt-4 leading-relaxed whitespace-pre-line text-slate-700">{data.description}</p>
          )}
        </header>
        <BundleBuyBlock bundle={data} />
      </div>
      <section aria-labelledby="bundle-workflows" className="mt-10">
        <h2 id="bundle-workflows" className="mb-4 text-xl font-semibold text-slate-900">
          {t('bundles.workflowsTitle')} ({t('bundles.itemCount', { count: data.item_count })})
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.workflows.map((workflow) => (
            <div key={workflow.id} className="relative">
              {owned.has(workflow.id) && (
                <span className="absolute -top-2 right-3 z-10">
                  <Badge>{t('bundles.owned')}</Badge>
                </span>
              )}
              <WorkflowCard workflow={workflow} />
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}

function BundleBuyBlock({ bundle }: { bundle: BundleDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signedIn = useCurrentUserId() !== null;
  const providers = usePaymentProviders(true);
  const createOrder = useCreateOrder();
  const [chosen, setChosen] = useState<PaymentProviderId | null>(null);
  const available = providers.data?.providers ?? [];
  const provider = available.find((item) => item.id === chosen) ?? available[0];
  const money = (amount: number) => formatPrice(amount, i18n.language);
  const offer = bundle.offer;
  const due = offer && !offer.own ? offer.amount_due : bundle.price;
  const ownedCount = offer?.owned_workflow_ids.length ?? 0;

  const buy = () => {
    if (!signedIn) {
      void navigate('/auth', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    if (!provider) return;
    createOrder.mutate(
      { workflow_id: '', bundle_id: bundle.id, provider: provider.id },
      {
        onSuccess: (answer) => {
          if (!answer.bank_transfer) return window.location.assign(answer.redirect_url);
          const seeded: OrderResponse = { order: answer.order, bank_transfer: answer.bank_transfer };
          queryClient.setQueryData(commerceKeys.order(answer.order.code), seeded);
          void navigate(paths.orderReceipt(answer.order.code));
        },
        onError: (error) => toast.error(t('bundles.startFailed'), { description: t(errorKey(error)) }),
      },
    );
  };

  return (
    <Card role="region" data-testid="bundle-buy" aria-label={t('bundles.buy')}>
      <CardContent className="flex flex-col gap-3 pt-6 text-sm">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt className="text-slate-600">{t('bundles.separately')}</dt>
          <dd className="text-right text-slate-500 line-through">{money(bundle.items_price)}</dd>
          <dt className="text-slate-600">{t('bundles.price')}</dt>
          <dd className="text-right font-semibold text-slate-900">{money(bundle.price)}</dd>
          <dt className="text-slate-600">{t('bundles.youSave')}</dt>
          <dd className="text-right font-medium text-emerald-700">{money(bundle.savings)}</dd>
          {ownedCount > 0 && !offer?.already_owned && (
            <>
              <dt className="font-semibold text-slate-900">{t('bundles.youPay')}</dt>
              <dd className="text-right text-lg font-bold text-slate-900" data-testid="bundle-due">
                {money(due)}
              </dd>
            </>
          )}
        </dl>
        {ownedCount > 0 && !offer?.already_owned && (
          <p className="text-slate-600">{t('bundles.ownedPart', { count: ownedCount })}</p>
        )}
        <p className="text-xs text-slate-600" data-testid="bundle-licence">
          {t('bundles.licence')}
        </p>
        {offer?.own ? (
          <p className="text-slate-700">{t('bundles.ownBundle')}</p>
        ) : offer?.already_owned ? (
          <p className="text-slate-700" role="status">
            {t('bundles.alreadyOwned')}
          </p>
        ) : !bundle.for_sale ? (
          <p className="text-slate-700">{t('bundles.notForSale')}</p>
        ) : (
          <>
            {signedIn && available.length > 1 && (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 font-medium text-slate-800">{t('bundles.payWith')}</legend>
                {available.map((item) => (
                  <label
                    key={item.id}
                    className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name="payment-provider"
                      value={item.id}
                      checked={provider?.id === item.id}
                      onChange={() => setChosen(item.id)}
                      className="accent-brand-600"
                    />
                    {paymentProviderName(item.id, i18n.language, 'choice')}
                  </label>
                ))}
              </fieldset>
            )}
            <Button
              onClick={buy}
              disabled={createOrder.isPending || createOrder.isSuccess || (signedIn && !provider)}
            >
              <ShoppingCart className="size-4" aria-hidden="true" />
              {signedIn ? `${t('bundles.buy')} · ${money(due)}` : t('bundles.signInToBuy')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

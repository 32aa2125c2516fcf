import { CheckCircle2, FlaskConical, Loader2, ShieldCheck, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import {
  paths,
  type InvoiceRequestInput,
  type LicenceTier,
  type OrderResponse,
  type PaymentProviderId,
  type WorkflowDetail,
} from '@flowbay/domain';
import { paymentProviderName } from '@flowbay/domain/payment-providers';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { useCreateOrder } from '../api/create-order';
import { useQuote } from '../api/get-quote';
import { usePaymentProviders } from '../api/get-payment-providers';
import { commerceKeys } from '../api/query-keys';

/** Where a redirect to the payment page goes; a test replaces it. */
export interface BuyBlockProps {
  workflow: Pick<WorkflowDetail, 'id' | 'price' | 'status' | 'access'>;
  signedIn: boolean;
  goToPayment?: (url: string) => void;
  /** "I need a VAT invoice" (the invoices feature, given by the page): its fields, check and request. */
  invoice?: { fields: React.ReactNode; ready: () => boolean; request: () => InvoiceRequestInput | undefined };
}

/**
 * The paid detail page's purchase state: a Buy block for a buyer, "you own it" after purchase, and
 * "your listing" for its author and admins (who never get a Buy button).
 */
export function BuyBlock({
  workflow,
  signedIn,
  goToPayment = (url) => window.location.assign(url),
  invoice,
}: BuyBlockProps) {
  const { t, i18n } = useTranslation();
  const price = formatPrice(workflow.price, i18n.language);
  const reason = workflow.access.reason;
  if (reason === 'free') return null;
  if (reason === 'author' || reason === 'admin') {
    return (
      <Notice
        testId="owner-notice"
        icon={<ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />}
        title={t(reason === 'author' ? 'buy.ownerTitle' : 'buy.adminTitle')}
        text={t(reason === 'author' ? 'buy.ownerText' : 'buy.adminText', { price })}
      />
    );
  }
  if (reason === 'purchased') {
    return (
      <Notice
        testId="owned-notice"
        icon={<CheckCircle2 className="size-5 text-emerald-700" aria-hidden="true" />}
        title={t('buy.ownedTitle')}
        text={t('buy.ownedText')}
        action={
          <ButtonLink variant="outline" size="sm" to="/me/purchases">
            {t('buy.myPurchases')}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <BuyForm
      workflow={workflow}
      signedIn={signedIn}
      price={price}
      goToPayment={goToPayment}
      invoice={invoice}
    />
  );
}

function Notice({
  icon,
  title,
  text,
  action,
  testId,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  action?: React.ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-wrap items-start gap-3 pt-6">
        <span className="mt-0.5">{icon}</span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-slate-900">{title}</p>
          <p className="mt-1 text-sm text-slate-600">{text}</p>
        </div>
        {action}
      </CardContent>
    </Card>
  );
}

function BuyForm({
  workflow,
  signedIn,
  price,
  goToPayment,
  invoice,
}: Required<Pick<BuyBlockProps, 'workflow' | 'signedIn' | 'goToPayment'>> &
  Pick<BuyBlockProps, 'invoice'> & { price: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const providers = usePaymentProviders(true);
  const createOrder = useCreateOrder();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<PaymentProviderId | null>(null);
  const available = providers.data?.providers ?? [];
  const provider = available.find((item) => item.id === chosen) ?? available[0];
  const listed = workflow.status === 'listed';
  const redirecting = createOrder.isPending || createOrder.isSuccess;
  const [licence, setLicence] = useState<LicenceTier>('personal');
  const [codeInput, setCodeInput] = useState('');
  const [code, setCode] = useState('');
  const quote = useQuote(workflow.id, licence, code, signedIn && listed);
  const offers = quote.data?.licences ?? [];
  const chosenOffer = offers.find((offer) => offer.tier === licence);
  const language = i18n.language === 'vi' ? 'vi' : 'en';
  const shownPrice = quote.data && !quote.isError ? formatPrice(quote.data.amount, i18n.language) : price;

  const buy = () => {
    if (!signedIn) {
      void navigate('/auth', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    if (!provider || (invoice && !invoice.ready())) return;
    createOrder.mutate(
      {
        workflow_id: workflow.id,
        provider: provider.id,
        invoice: invoice?.request(),
        // Personal is the default: an order without a tier asks for it.
        ...(licence !== 'personal' ? { licence } : {}),
        ...(code ? { discount_code: code } : {}),
      },
      {
        onSuccess: (answer) => {
          if (!answer.bank_transfer) return goToPayment(answer.redirect_url);
          // A VietQR transfer is paid from Flowbay's own order page, which shows the QR at once.
          const seeded: OrderResponse = { order: answer.order, bank_transfer: answer.bank_transfer };
          queryClient.setQueryData(commerceKeys.order(answer.order.code), seeded);
          void navigate(paths.orderReceipt(answer.order.code));
        },
        onError: (error) => toast.error(t('buy.startFailed'), { description: t(errorKey(error)) }),
      },
    );
  };

  return (
    <Card role="region" data-testid="buy-block" aria-labelledby="buy-title">
      <CardContent className="flex flex-col gap-4 pt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="buy-title" className="text-lg font-semibold text-slate-900">
            {t('buy.title')}
          </h2>
          <p className="text-2xl font-bold text-slate-900">
            <span className="sr-only">{t('buy.price')}: </span>
            <span data-testid="buy-price">{shownPrice}</span>
          </p>
        </div>
        <ul className="flex flex-col gap-1 text-sm text-slate-600">
          <li>{t('buy.includesUpdates')}</li>
          <li>{t('buy.refundWindow')}</li>
        </ul>
        {providers.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : !listed ? (
          <p className="text-sm text-slate-700">{t('buy.notListed')}</p>
        ) : available.length === 0 ? (
          <p className="text-sm text-slate-700" role="status">
            {t('buy.unavailable')}
          </p>
        ) : (
          <>
            {available.length > 1 ? (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium text-slate-800">{t('buy.payWith')}</legend>
                {available.map((item) => (
                  <label
                    key={item.id}
                    className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name="payment-provider"
                      value={item.id}
                      checked={provider?.id === item.id}
                      onChange={() => setChosen(item.id)}
                      className="accent-brand-600"
                    />
                    {item.id === 'payos' && item.test_mode
                      ? t('buy.vietqrTest')
                      : paymentProviderName(item.id, i18n.language, 'choice')}
                  </label>
                ))}
              </fieldset>
            ) : (
              <p className="text-sm text-slate-700">
                {t('buy.payWith')}:{' '}
                <span className="font-medium">
                  {paymentProviderName(provider!.id, i18n.language, 'choice')}
                </span>
              </p>
            )}
            {provider && (provider.test_mode || provider.id === 'test') && (
              <Badge variant="warning" className="self-start text-sm" data-testid="test-mode">
                <FlaskConical className="size-4" aria-hidden="true" />
                {t('buy.testMode')}
              </Badge>
            )}
            {offers.length > 1 && (
              <fieldset className="flex flex-col gap-2" data-testid="licence-choice">
                <legend className="mb-1 text-sm font-medium text-slate-800">{t('buy.licence')}</legend>
                {offers.map((offer) => (
                  <label
                    key={offer.tier}
                    className="flex cursor-pointer items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                  >
                    <span className="flex items-center gap-2">
                      <input
                        type="radio"
                        name="licence"
                        value={offer.tier}
                        checked={licence === offer.tier}
                        onChange={() => setLicence(offer.tier)}
                        className="accent-brand-600"
                      />
                      {t(`buy.licences.${offer.tier}`, { count: offer.agency_clients ?? 1 })}
                    </span>
                    <span className="font-medium">{formatPrice(offer.price, i18n.language)}</span>
                  </label>
                ))}
              </fieldset>
            )}
            {chosenOffer && (
              <p className="text-xs text-slate-600" data-testid="licence-text">
                {chosenOffer.text[language]}
              </p>
            )}
            {signedIn && (
              <form
                className="flex flex-wrap items-end gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  setCode(codeInput.trim().toUpperCase());
                }}
              >
                <label className="flex flex-col gap-1 text-sm text-slate-800">
                  {t('buy.discountCode')}
                  <input
                    value={codeInput}
                    onChange={(event) => setCodeInput(event.target.value)}
                    maxLength={32}
                    className="rounded-md border border-slate-300 px-2 py-1.5 text-sm uppercase"
                    data-testid="discount-code"
                  />
                </label>
                <Button type="submit" variant="outline" size="sm">
                  {t('buy.applyCode')}
                </Button>
              </form>
            )}
            {quote.isError && code && (
              <p className="text-sm text-red-700" role="alert">
                {t(errorKey(quote.error))}
              </p>
            )}
            {quote.data && !quote.isError && (quote.data.discount_amount > 0 || quote.data.upgrade_from) && (
              <p className="text-sm text-slate-700" data-testid="quote-detail">
                {quote.data.upgrade_from &&
                  t('buy.upgradeFrom', {
                    tier: t(`buy.licences.${quote.data.upgrade_from}`, { count: 1 }),
                  })}{' '}
                {quote.data.discount_amount > 0 &&
                  t('buy.discounted', {
                    code: quote.data.discount_code,
                    amount: formatPrice(quote.data.discount_amount, i18n.language),
                    list: formatPrice(quote.data.subtotal, i18n.language),
                  })}
              </p>
            )}
            {invoice?.fields}
            <Button size="lg" onClick={buy} disabled={redirecting} className="w-full sm:w-auto sm:self-start">
              {redirecting ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <ShoppingCart aria-hidden="true" />
              )}
              {redirecting ? t('buy.starting') : t('buy.buy')}
            </Button>
            {!signedIn && <p className="text-xs text-slate-600">{t('buy.signInHint')}</p>}
          </>
        )}
      </CardContent>
    </Card>
  );
}

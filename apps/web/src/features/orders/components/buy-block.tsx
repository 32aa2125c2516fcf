import { ArrowUpCircle, CheckCircle2, FlaskConical, Loader2, ShieldCheck, ShoppingCart } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  LICENCE_TIERS,
  licenceText,
  paths,
  type InvoiceRequestInput,
  type LicenceTier,
  type OrderResponse,
  type PaymentProviderId,
  type Purchase,
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
import { usePurchases } from '../api/get-purchases';
import { useQuote } from '../api/get-quote';
import { usePaymentProviders } from '../api/get-payment-providers';
import { commerceKeys } from '../api/query-keys';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';
import { withReturnPath } from '@flowbay/domain/return-path';

/** Where a redirect to the payment page goes; a test replaces it. */
export interface BuyBlockProps {
  workflow: Pick<WorkflowDetail, 'id' | 'price' | 'status' | 'access'> &
    Partial<Pick<WorkflowDetail, 'commercial_price' | 'agency_price' | 'agency_clients'>>;
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
    return <Owned workflow={workflow} signedIn={signedIn} goToPayment={goToPayment} invoice={invoice} />;
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

/**
 * A buyer who owns the workflow: the licence they hold and, when the workflow sells a higher one, the
 * upgrade to it for the difference (decision 0159), paid like a purchase.
 */
function Owned({
  workflow,
  signedIn,
  goToPayment,
  invoice,
}: Required<Pick<BuyBlockProps, 'workflow' | 'signedIn' | 'goToPayment'>> & Pick<BuyBlockProps, 'invoice'>) {
  const { t, i18n } = useTranslation();
  const purchases = usePurchases(signedIn);
  const purchase = purchases.data?.purchases.find((item) => item.workflow.id === workflow.id);
  return (
    <div className="flex flex-col gap-4">
      <Notice
        testId="owned-notice"
        icon={<CheckCircle2 className="size-5 text-emerald-700" aria-hidden="true" />}
        title={t('buy.ownedTitle')}
        text={t('buy.ownedText')}
        detail={purchase && t('buy.heldLicence', { tier: t(`buy.tierNames.${purchase.licence}`) })}
        detailTestId="held-licence"
        action={
          <ButtonLink variant="outline" size="sm" to="/me/purchases">
            {t('buy.myPurchases')}
          </ButtonLink>
        }
      />
      {purchase && purchase.upgrades.length > 0 && (
        <BuyForm
          workflow={workflow}
          signedIn={signedIn}
          price={formatPrice(purchase.upgrades[0]!.amount, i18n.language)}
          goToPayment={goToPayment}
          invoice={invoice}
          upgrade={purchase}
        />
      )}
    </div>
  );
}

function Notice({
  icon,
  title,
  text,
  detail,
  detailTestId,
  action,
  testId,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  detail?: React.ReactNode;
  detailTestId?: string;
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
          {detail && (
            <p className="mt-1 text-sm font-medium text-slate-800" data-testid={detailTestId}>
              {detail}
            </p>
          )}
        </div>
        {action}
      </CardContent>
    </Card>
  );
}

/** The tier a link asked for (`?licence=commercial`, from the library's "Upgrade to …"), if offered. */
function askedTier(params: URLSearchParams, tiers: LicenceTier[]): LicenceTier | null {
  const asked = params.get('licence');
  return tiers.find((tier) => tier === asked) ?? null;
}

/**
 * The Buy form: the licence tier (each with its price and what it allows), a discount code and the
 * price they make (the quote, before paying), the provider, and Buy. With `upgrade`, the same form
 * sells the tiers above the one held, each for the difference: "Upgrade to Commercial".
 */
function BuyForm({
  workflow,
  signedIn,
  price,
  goToPayment,
  invoice,
  upgrade,
}: Required<Pick<BuyBlockProps, 'workflow' | 'signedIn' | 'goToPayment'>> &
  Pick<BuyBlockProps, 'invoice'> & { price: string; upgrade?: Pick<Purchase, 'licence' | 'upgrades'> }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const providers = usePaymentProviders(true);
  const createOrder = useCreateOrder();
  const queryClient = useQueryClient();
  const ids = useId();
  const codeField = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<PaymentProviderId | null>(null);
  const available = providers.data?.providers ?? [];
  const provider = available.find((item) => item.id === chosen) ?? available[0];
  const listed = workflow.status === 'listed';
  const redirecting = createOrder.isPending || createOrder.isSuccess;
  const upgradeTiers = upgrade?.upgrades.map((item) => item.tier) ?? [];
  const [licence, setLicence] = useState<LicenceTier>(
    () =>
      askedTier(params, upgrade ? upgradeTiers : ['personal', 'commercial', 'agency']) ??
      upgradeTiers[0] ??
      'personal',
  );
  const [codeInput, setCodeInput] = useState('');
  const [code, setCode] = useState('');
  const enabled = signedIn && listed;
  // The tier's price without a code (and the tiers on offer), then with the code applied, if any.
  const base = useQuote(workflow.id, licence, '', enabled);
  const withCode = useQuote(workflow.id, licence, code, enabled && code !== '');
  const codeRefused = code !== '' && withCode.isError;
  const quote = code !== '' && withCode.data && !withCode.isError ? withCode.data : base.data;
  const language = i18n.language === 'vi' ? 'vi' : 'en';
  const clients =
    base.data?.licences.find((offer) => offer.tier === 'agency')?.agency_clients ??
    workflow.agency_clients ??
    1;
  // The tiers on sale: as quoted to a signed-in buyer, else as the page lists them (a visitor's view).
  const tierPrices: Record<LicenceTier, number | null | undefined> = {
    personal: workflow.price,
    commercial: workflow.commercial_price,
    agency: workflow.agency_price,
  };
  const offered = base.data
    ? base.data.licences.map((offer) => ({ tier: offer.tier, price: offer.price }))
    : LICENCE_TIERS.flatMap((tier) => {
        const tierPrice = tierPrices[tier];
        return tierPrice ? [{ tier, price: tierPrice }] : [];
      });
  const choices: { tier: LicenceTier; price: number }[] = upgrade
    ? upgrade.upgrades.map((item) => ({ tier: item.tier, price: item.amount }))
    : offered;
  const chosenChoice = choices.find((choice) => choice.tier === licence);
  const licenceWording = chosenChoice ? licenceText(licence, language, clients) : null;
  const amount = quote && quote.licence === licence ? quote.amount : chosenChoice?.price;
  const shownPrice = amount !== undefined ? formatPrice(amount, i18n.language) : price;
  const tierName = (tier: LicenceTier) => t(`buy.licences.${tier}`, { count: clients });

  const buy = () => {
    if (!signedIn) {
      // Back on this page after signing in, with the tier chosen still chosen.
      const search = new URLSearchParams(location.search);
      if (licence !== 'personal') search.set('licence', licence);
      const query = search.toString();
      // `?next=` survives the sign-up and the e-mail link; #buy is this form.
      const from = `${location.pathname}${query ? `?${query}` : ''}#buy`;
      void navigate(withReturnPath('/auth', from), { state: { from } });
      return;
    }
    // A refused code is said beside its field: it is fixed or removed before paying.
    if (codeRefused) return codeField.current?.focus();
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

  // The library's "Upgrade to …" links here (#buy): the form is drawn only once the page has loaded.
  useScrollToHash('buy');

  const titleId = `${ids}-title`;
  return (
    <Card
      id="buy"
      role="region"
      data-testid={upgrade ? 'upgrade-block' : 'buy-block'}
      aria-labelledby={titleId}
      className="scroll-mt-24"
    >
      <CardContent className="flex flex-col gap-4 pt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {upgrade ? t('buy.upgradeTitle') : t('buy.title')}
          </h2>
          <p className="text-2xl font-bold text-slate-900">
            <span className="sr-only">{t('buy.price')}: </span>
            <span data-testid="buy-price">{shownPrice}</span>
          </p>
        </div>
        {upgrade ? (
          <p className="text-sm text-slate-600">
            {t('buy.upgradeFrom', {
              tier: t('buy.licenceOf', { tier: t(`buy.tierNames.${upgrade.licence}`) }),
            })}
          </p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm text-slate-600">
            <li>{t('buy.includesUpdates')}</li>
            <li>{t('buy.refundWindow')}</li>
          </ul>
        )}
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
            {(choices.length > 1 || (upgrade && choices.length > 0)) && (
              <fieldset className="flex flex-col gap-2" data-testid="licence-choice">
                <legend className="mb-1 text-sm font-medium text-slate-800">{t('buy.licence')}</legend>
                {choices.map((choice) => {
                  const id = `${ids}-${choice.tier}`;
                  return (
                    <label
                      key={choice.tier}
                      className="flex cursor-pointer items-start justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                    >
                      <span className="flex items-start gap-2">
                        <input
                          type="radio"
                          name={upgrade ? 'upgrade-licence' : 'licence'}
                          value={choice.tier}
                          checked={licence === choice.tier}
                          onChange={() => setLicence(choice.tier)}
                          aria-labelledby={`${id}-name`}
                          aria-describedby={`${id}-price ${id}-summary`}
                          className="mt-1 accent-brand-600"
                        />
                        <span className="flex flex-col">
                          <span id={`${id}-name`} className="font-medium text-slate-900">
                            {tierName(choice.tier)}
                          </span>
                          <span id={`${id}-summary`} className="text-xs text-slate-600">
                            {t(`buy.licenceSummaries.${choice.tier}`, { count: clients })}
                          </span>
                        </span>
                      </span>
                      <span id={`${id}-price`} className="shrink-0 font-medium" data-testid="licence-price">
                        {upgrade
                          ? t('buy.difference', { amount: formatPrice(choice.price, i18n.language) })
                          : formatPrice(choice.price, i18n.language)}
                      </span>
                    </label>
                  );
                })}
              </fieldset>
            )}
            {licenceWording && (
              <p className="text-xs text-slate-600" data-testid="licence-text">
                {licenceWording}{' '}
                <Link
                  to="/terms#licences"
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-brand-700 hover:underline"
                >
                  {t('buy.licenceTerms')}
                </Link>
              </p>
            )}
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
                      name={upgrade ? 'upgrade-payment-provider' : 'payment-provider'}
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
                    ref={codeField}
                    value={codeInput}
                    onChange={(event) => setCodeInput(event.target.value)}
                    maxLength={32}
                    aria-invalid={codeRefused || undefined}
                    aria-describedby={codeRefused ? `${ids}-code-error` : undefined}
                    className="rounded-md border border-slate-300 px-2 py-1.5 text-sm uppercase"
                    data-testid="discount-code"
                  />
                </label>
                <Button type="submit" variant="outline" size="sm">
                  {t('buy.applyCode')}
                </Button>
                {code && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      setCode('');
                      setCodeInput('');
                    }}
                  >
                    {t('buy.removeCode')}
                  </Button>
                )}
              </form>
            )}
            {codeRefused && (
              <p id={`${ids}-code-error`} className="text-sm text-red-700" role="alert">
                {t(errorKey(withCode.error))}
              </p>
            )}
            {quote && quote.licence === licence && !codeRefused && quote.discount_amount > 0 && (
              <p className="text-sm text-slate-700" data-testid="quote-detail">
                {t('buy.discounted', {
                  code: quote.discount_code,
                  amount: formatPrice(quote.discount_amount, i18n.language),
                  list: formatPrice(quote.subtotal, i18n.language),
                })}
              </p>
            )}
            {signedIn && amount !== undefined && (
              <p className="text-base font-semibold text-slate-900" role="status" data-testid="quote-total">
                {t('buy.youPay', { amount: shownPrice })}
              </p>
            )}
            {invoice?.fields}
            <Button size="lg" onClick={buy} disabled={redirecting} className="w-full sm:w-auto sm:self-start">
              {redirecting ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : upgrade ? (
                <ArrowUpCircle aria-hidden="true" />
              ) : (
                <ShoppingCart aria-hidden="true" />
              )}
              {redirecting
                ? t('buy.starting')
                : upgrade
                  ? t('buy.upgradeTo', { tier: t(`buy.tierNames.${licence}`) })
                  : t('buy.buy')}
            </Button>
            {!signedIn && <p className="text-xs text-slate-600">{t('buy.signInHint')}</p>}
          </>
        )}
      </CardContent>
    </Card>
  );
}

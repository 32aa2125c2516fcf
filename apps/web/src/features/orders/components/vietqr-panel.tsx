import { ExternalLink, FlaskConical, Landmark, Loader2, Smartphone } from 'lucide-react';
import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import { VIETQR_BANKS, type BankTransfer, type OrderSummary } from '@flowbay/domain';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useTranslation } from '@/i18n/use-translation';
import { errorKey } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useSimulateBankTransfer } from '../api/simulate-bank-transfer';

/** The bank a VietQR's bin names, as its app and its customers call it; the bin when unknown. */
export function bankNameOf(bin: string): string {
  const bank = VIETQR_BANKS.find((item) => item.bin === bin);
  return bank ? `${bank.short_name} (${bank.name})` : bin;
}

/**
 * The QR code as an SVG image, drawn in the page (no request leaves the browser with the account or
 * the amount). Its text is the VietQR (EMVCo) string the payment provider answered.
 */
function QrImage({ text, label }: { text: string; label: string }) {
  const src = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text, { border: 2 }))}`,
    [text],
  );
  return (
    <img
      src={src}
      alt={label}
      width={240}
      height={240}
      data-testid="vietqr-image"
      className="size-60 rounded-xl border border-slate-200 bg-white p-2"
    />
  );
}

interface CopyRowProps {
  label: string;
  /** What the buyer reads. */
  value: string;
  /** What the button copies when it is not `value` (the amount: digits only, no currency). */
  copyText?: string;
  testId: string;
}

/** A labelled value the buyer types into their bank app, with its copy button. */
function CopyRow({ label, value, copyText = value, testId }: CopyRowProps) {
  const { t } = useTranslation();
  return (
    <div className="py-2.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span className="min-w-0 font-medium break-words text-slate-900" data-testid={testId}>
          {value}
        </span>
        <CopyButton
          text={copyText}
          label={t('orders.vietqr.copyLabel', { what: label })}
          caption={t('orders.vietqr.copy')}
          copiedCaption={t('orders.vietqr.copiedShort')}
          done={t('orders.vietqr.copied', { what: label })}
          failed={t('orders.vietqr.copyFailed')}
        />
      </dd>
    </div>
  );
}

/**
 * Paying a pending order by VietQR bank transfer on Flowbay's own page: the QR to scan, the details
 * to type instead (each with a copy button), and the provider's page that lists bank apps (the main
 * way on a phone, an alternative on a computer). The order page polls the order and shows the receipt
 * once the provider's webhook confirmed the transfer. With the built-in test gateway, no bank is
 * involved: the panel says so and offers to simulate the transfer.
 */
export function VietQrPanel({ order, transfer }: { order: OrderSummary; transfer: BankTransfer }) {
  const { t, i18n } = useTranslation();
  const simulate = useSimulateBankTransfer();
  const amount = formatPrice(transfer.amount, i18n.language);
  const simulating = simulate.isPending || simulate.isSuccess;
  const runSimulation = () =>
    simulate.mutate(order.code, {
      onError: (error) => toast.error(t('orders.vietqr.simulateFailed'), { description: t(errorKey(error)) }),
    });

  return (
    <section
      aria-labelledby="vietqr-title"
      data-testid="vietqr-panel"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6 print:hidden"
    >
      {transfer.test_mode && (
        <p
          className="mb-4 flex items-center gap-2 rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900"
          data-testid="vietqr-test-label"
        >
          <FlaskConical className="size-5 shrink-0" aria-hidden="true" />
          {t('orders.vietqr.testLabel')}
        </p>
      )}
      <h2 id="vietqr-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Landmark className="size-5 text-brand-700" aria-hidden="true" />
        {t('orders.vietqr.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('orders.vietqr.intro')}</p>
      <div className="mt-5 flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <div className="flex flex-col items-center gap-2">
          <QrImage text={transfer.qr_code} label={t('orders.vietqr.qrAlt', { amount, code: order.code })} />
          <p className="text-center text-xs text-slate-600">
            {t('orders.vietqr.payBefore', { date: formatDateTime(order.expires_at, i18n.language) })}
          </p>
        </div>
        <dl className="w-full min-w-0 flex-1 divide-y divide-slate-100">
          <CopyRow
            label={t('orders.vietqr.bank')}
            value={bankNameOf(transfer.bank_bin)}
            testId="vietqr-bank"
          />
          <CopyRow
            label={t('orders.vietqr.accountNumber')}
            value={transfer.account_number}
            testId="vietqr-account-number"
          />
          <CopyRow
            label={t('orders.vietqr.accountName')}
            value={transfer.account_name}
            testId="vietqr-account-name"
          />
          <CopyRow
            label={t('orders.vietqr.amount')}
            value={amount}
            copyText={String(transfer.amount)}
            testId="vietqr-amount"
          />
          <CopyRow label={t('orders.vietqr.content')} value={transfer.description} testId="vietqr-content" />
        </dl>
      </div>
      <p className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
        {t('orders.vietqr.contentNote', { content: transfer.description })}
      </p>
      {transfer.test_mode ? (
        <div className="mt-5 flex flex-col gap-2">
          <p className="text-sm text-slate-600">{t('orders.vietqr.testText')}</p>
          <Button
            size="lg"
            onClick={runSimulation}
            disabled={simulating}
            className="w-full sm:w-auto sm:self-start"
            data-testid="vietqr-simulate"
          >
            {simulating && <Loader2 className="animate-spin" aria-hidden="true" />}
            {t('orders.vietqr.simulate')}
          </Button>
        </div>
      ) : (
        <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:items-center">
          {/* On a phone the provider's page lists the bank apps that open with the transfer filled in. */}
          <Button asChild size="lg" className="w-full sm:hidden">
            <a href={transfer.checkout_url} data-testid="vietqr-open-app">
              <Smartphone aria-hidden="true" />
              {t('orders.vietqr.openBankApp')}
            </a>
          </Button>
          <a
            href={transfer.checkout_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
            data-testid="vietqr-checkout-link"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('orders.vietqr.checkoutLink')}
          </a>
        </div>
      )}
      <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {simulate.isSuccess && !simulate.data.delivered
          ? t('orders.vietqr.simulateNotDelivered')
          : t('orders.vietqr.waiting')}
      </p>
    </section>
  );
}

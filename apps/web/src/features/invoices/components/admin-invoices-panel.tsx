import { AlertTriangle, Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminInvoice } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { Badge } from '@/components/ui/badge';
import { InlineFormActions } from '@/components/form-actions';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DetailRows } from '@/components/ui/detail-rows';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { useAdminInvoices, useIssueInvoice, useMarkAdjusted } from '../api/invoices';
import { issuedRows, requestRows } from './invoice-rows';
import { accountName } from '@/lib/account-name';

/**
 * The admins' VAT invoices tab: paid orders' requests to issue (by hand with the manual driver, or
 * after the provider gave up), and refunded orders whose issued invoice needs an adjustment.
 */
export function AdminInvoicesPanel() {
  const { t } = useTranslation();
  const [view, setView] = useState<'open' | 'all'>('open');
  const invoices = useAdminInvoices(view);
  const items = invoices.data?.items ?? [];
  return (
    <section aria-labelledby="admin-invoices-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="admin-invoices-title" className="text-lg font-semibold text-slate-900">
            {t('invoices.admin.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('invoices.admin.text')}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => setView(view === 'open' ? 'all' : 'open')}>
          {view === 'open' ? t('invoices.admin.showAll') : t('invoices.admin.showOpen')}
        </Button>
      </div>
      {invoices.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : invoices.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('invoices.admin.loadFailed')}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('invoices.admin.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.order_code}>
              <InvoiceItem item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InvoiceItem({ item }: { item: AdminInvoice }) {
  const { t, i18n } = useTranslation();
  const [issuing, setIssuing] = useState(false);
  const adjusted = useMarkAdjusted();
  const issuable = (item.state === 'pending' || item.state === 'failed') && item.order_state === 'paid';
  return (
    <Card data-testid="admin-invoice">
      <CardContent className="flex flex-col gap-3 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold text-slate-900">{item.order_code}</span>
          <Badge
            variant={item.state === 'issued' ? 'success' : item.state === 'failed' ? 'danger' : 'warning'}
          >
            {t(`invoices.admin.state.${item.state}`)}
          </Badge>
          {item.adjustment_due && (
            <Badge variant="danger" data-testid="adjustment-due">
              <AlertTriangle className="size-4" aria-hidden="true" />
              {t('invoices.admin.adjustmentDue')}
            </Badge>
          )}
        </div>
        <DetailRows
          rows={[
            ...requestRows(t, item),
            [t('invoices.admin.amount'), formatPrice(item.amount, i18n.language)],
            [t('invoices.admin.buyer'), accountName(t, '', item.buyer_email)],
            [
              t('invoices.admin.provider'),
              item.provider === 'sepay'
                ? t('invoices.admin.providerSepay')
                : t('invoices.admin.providerManual'),
            ],
            ...issuedRows(t, item),
            item.last_error !== null &&
              item.state !== 'issued' && [t('invoices.admin.lastError'), item.last_error],
          ]}
        />
        {issuable &&
          (issuing ? (
            <IssueForm code={item.order_code} onDone={() => setIssuing(false)} />
          ) : (
            <Button size="sm" className="self-start" onClick={() => setIssuing(true)}>
              {t('invoices.admin.issue')}
            </Button>
          ))}
        {item.adjustment_due && (
          <Button
            size="sm"
            variant="outline"
            className="self-start"
            disabled={adjusted.isPending}
            onClick={() =>
              adjusted.mutate(item.order_code, { onError: (error) => toast.error(t(errorKey(error))) })
            }
          >
            {t('invoices.admin.markAdjusted')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function IssueForm({ code, onDone }: { code: string; onDone: () => void }) {
  const { t } = useTranslation();
  const issue = useIssueInvoice();
  const [fields, setFields] = useState({ number: '', lookup: '' });
  const [tried, setTried] = useState(false);
  // What a RequiredField needs for one of the two fields: its id, its text and, once tried, its error.
  const field = (name: keyof typeof fields) => ({
    id: `issue-${code}-${name}`,
    value: fields[name],
    onChange: (value: string) => setFields((current) => ({ ...current, [name]: value })),
    showMissing: tried,
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    const number = fields.number.trim();
    const lookup = fields.lookup.trim();
    if (!number || !lookup) return;
    issue.mutate(
      { code, invoice_number: number, lookup_code: lookup },
      {
        onSuccess: () => {
          toast.success(t('invoices.admin.issued'));
          onDone();
        },
        onError: (error) => toast.error(t('invoices.admin.failed'), { description: t(errorKey(error)) }),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <p className="text-sm font-medium text-slate-900">{t('invoices.admin.issueTitle', { code })}</p>
      <p className="text-xs text-slate-600">{t('invoices.admin.issueText')}</p>
      <RequiredField label={t('invoices.admin.invoiceNumber')} {...field('number')} />
      <RequiredField label={t('invoices.admin.lookupCode')} {...field('lookup')} />
      <InlineFormActions cancel={t('invoices.cancel')} onCancel={onDone}>
        <Button type="submit" size="sm" disabled={issue.isPending}>
          {issue.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {t('invoices.admin.confirm')}
        </Button>
      </InlineFormActions>
    </form>
  );
}

/** A text field the form needs filled in; once the admin has tried to submit, an empty one says so. */
function RequiredField({
  id,
  label,
  value,
  onChange,
  showMissing,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  showMissing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={label}
      error={showMissing && !value.trim() ? t('vatInvoice.required') : undefined}
      value={value}
      onValueChange={onChange}
    />
  );
}

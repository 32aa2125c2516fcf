import { FileText, Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { InvoiceView, OrderState } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { InlineFormActions } from '@/components/form-actions';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DetailRows } from '@/components/ui/detail-rows';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useOrderInvoice, useSaveInvoiceRequest } from '../api/invoices';
import { issuedRows, requestRows } from './invoice-rows';
import {
  EMPTY_INVOICE_REQUEST,
  InvoiceRequestFields,
  trimmedRequest,
  useInvoiceRequestForm,
} from './invoice-request-fields';

/**
 * The order page's VAT invoice (hóa đơn GTGT): the request (company, tax code) and, once issued, the
 * invoice number and lookup code; until then the buyer may ask for one or change it.
 */
export function OrderInvoice({ code, orderState }: { code: string; orderState: OrderState }) {
  const { t, i18n } = useTranslation();
  const invoice = useOrderInvoice(code, orderState);
  const [editing, setEditing] = useState(false);
  const current = invoice.data?.invoice ?? null;
  const open = orderState === 'pending' || orderState === 'paid';
  if (invoice.isPending || invoice.isError) return null;
  if (!current && !open) return null;

  return (
    <Card data-testid="order-invoice" className="print:border-0 print:shadow-none">
      <CardContent className="flex flex-col gap-3 pt-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <FileText className="size-5 text-brand-700" aria-hidden="true" />
          {t('invoices.title')}
        </h2>
        {editing ? (
          <RequestForm
            code={code}
            orderState={orderState}
            current={current}
            onDone={() => setEditing(false)}
          />
        ) : (
          <>
            {current ? (
              <>
                <DetailRows rows={[...requestRows(t, current), ...issuedRows(t, current)]} />
                <p className="text-sm text-slate-700" data-testid="invoice-state">
                  {current.state === 'issued'
                    ? t('invoices.state.issued', { date: formatDate(current.issued_at ?? '', i18n.language) })
                    : t(`invoices.state.${current.state}`)}
                </p>
              </>
            ) : (
              <p className="text-sm text-slate-700">{t('invoices.none')}</p>
            )}
            {/* Without a request the order is still open (else the card is not shown): the buyer may ask. */}
            {current?.state !== 'issued' && open && (
              <Button
                variant="outline"
                size="sm"
                className="self-start print:hidden"
                onClick={() => setEditing(true)}
              >
                {current ? t('invoices.edit') : t('invoices.ask')}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function RequestForm({
  code,
  orderState,
  current,
  onDone,
}: {
  code: string;
  orderState: OrderState;
  current: InvoiceView | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveInvoiceRequest(code, orderState);
  const form = useInvoiceRequestForm(
    current
      ? {
          company_name: current.company_name,
          tax_code: current.tax_code,
          address: current.address,
          email: current.email,
        }
      : EMPTY_INVOICE_REQUEST,
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    save.mutate(trimmedRequest(form.value), {
      onSuccess: () => {
        toast.success(t('invoices.saved'));
        onDone();
      },
      onError: (error) => toast.error(t(errorKey(error))),
    });
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <InvoiceRequestFields
        idPrefix={`invoice-${code}`}
        value={form.value}
        errors={form.errors}
        onChange={form.setValue}
      />
      <InlineFormActions cancel={t('invoices.cancel')} onCancel={onDone}>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {save.isPending ? t('invoices.saving') : t('invoices.save')}
        </Button>
      </InlineFormActions>
    </form>
  );
}

import { useState, type ReactNode } from 'react';
import type { InvoiceRequestInput } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { InvoiceRequestFields, trimmedRequest, useInvoiceRequestForm } from './invoice-request-fields';

/** What the buy block needs for "I need a VAT invoice": its fields, a check, and the save after checkout. */
export interface InvoiceCheckout {
  fields: ReactNode;
  /** False (and the errors shown) when the buyer wants an invoice and a field is wrong. */
  ready: () => boolean;
  /** The request to place with the order, when the buyer asked for one. */
  request: () => InvoiceRequestInput | undefined;
}

/**
 * "I need a VAT invoice" at checkout (decision 0151): a checkbox that opens the company's details.
 * The request goes with the order itself (POST /api/orders), so both are saved or neither is.
 */
export function useInvoiceCheckout(): InvoiceCheckout {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const form = useInvoiceRequestForm();
  const fields = (
    <div className="flex flex-col gap-3" data-testid="invoice-checkout">
      <label className="flex cursor-pointer items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={wanted}
          onChange={(event) => setWanted(event.target.checked)}
          className="mt-0.5 accent-brand-600"
        />
        <span>
          <span className="font-medium">{t('vatInvoice.checkbox')}</span>
          <span className="block text-xs text-slate-600">{t('vatInvoice.hint')}</span>
        </span>
      </label>
      {wanted && (
        <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">{t('vatInvoice.legend')}</legend>
          <InvoiceRequestFields
            idPrefix="checkout-invoice"
            value={form.value}
            errors={form.errors}
            onChange={form.setValue}
          />
        </fieldset>
      )}
    </div>
  );
  return {
    fields,
    ready: () => !wanted || form.validate(),
    request: () => (wanted ? trimmedRequest(form.value) : undefined),
  };
}

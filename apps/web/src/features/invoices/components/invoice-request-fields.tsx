import { useState } from 'react';
import { isTaxCode, type InvoiceRequestInput } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export type InvoiceFieldErrors = Partial<
  Record<keyof InvoiceRequestInput, 'required' | 'badTaxCode' | 'badEmail'>
>;

export const EMPTY_INVOICE_REQUEST: InvoiceRequestInput = {
  company_name: '',
  tax_code: '',
  address: '',
  email: '',
};

/** What the server would refuse, checked before anything is sent (the same tax code rule). */
export function invoiceRequestErrors(value: InvoiceRequestInput): InvoiceFieldErrors {
  const errors: InvoiceFieldErrors = {};
  for (const key of ['company_name', 'tax_code', 'address', 'email'] as const) {
    if (!value[key].trim()) errors[key] = 'required';
  }
  if (!errors.tax_code && !isTaxCode(value.tax_code)) errors.tax_code = 'badTaxCode';
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.email.trim())) errors.email = 'badEmail';
  return errors;
}

export function trimmedRequest(value: InvoiceRequestInput): InvoiceRequestInput {
  return {
    company_name: value.company_name.trim(),
    tax_code: value.tax_code.trim(),
    address: value.address.trim(),
    email: value.email.trim(),
  };
}

/** The four fields of a VAT invoice request (company, tax code, address, e-mail), controlled. */
export function InvoiceRequestFields({
  idPrefix,
  value,
  errors,
  onChange,
}: {
  idPrefix: string;
  value: InvoiceRequestInput;
  errors: InvoiceFieldErrors;
  onChange: (next: InvoiceRequestInput) => void;
}) {
  const { t } = useTranslation();
  const field = (
    key: keyof InvoiceRequestInput,
    label: string,
    extra: { help?: string; type?: string; autoComplete?: string } = {},
  ) => (
    <FormField
      id={`${idPrefix}-${key}`}
      label={label}
      help={extra.help}
      error={errors[key] ? t(`vatInvoice.${errors[key]}`) : undefined}
    >
      {(control) => (
        <Input
          {...control}
          type={extra.type ?? 'text'}
          autoComplete={extra.autoComplete}
          value={value[key]}
          onChange={(event) => onChange({ ...value, [key]: event.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <div className="flex flex-col gap-3">
      {field('company_name', t('vatInvoice.companyName'), { autoComplete: 'organization' })}
      {field('tax_code', t('vatInvoice.taxCode'), { help: t('vatInvoice.taxCodeHint') })}
      {field('address', t('vatInvoice.address'), { autoComplete: 'street-address' })}
      {field('email', t('vatInvoice.email'), { type: 'email', autoComplete: 'email' })}
    </div>
  );
}

/** The fields' state with its errors, shown once the buyer tried to go on. */
export function useInvoiceRequestForm(initial: InvoiceRequestInput = EMPTY_INVOICE_REQUEST) {
  const [value, setValue] = useState(initial);
  const [checked, setChecked] = useState(false);
  const errors = checked ? invoiceRequestErrors(value) : {};
  return {
    value,
    errors,
    setValue,
    /** Shows the errors; true when there are none. */
    validate: () => {
      setChecked(true);
      return Object.keys(invoiceRequestErrors(value)).length === 0;
    },
    reset: (next: InvoiceRequestInput) => {
      setValue(next);
      setChecked(false);
    },
  };
}

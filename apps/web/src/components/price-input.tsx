import { forwardRef } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { netOfPrice, type SellingRates } from '@flowbay/domain';
import { formatAmount, readPrice } from '@flowbay/domain/price';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { asLanguage, formatPrice } from '@/lib/format';

/**
 * The price as the seller types it ("99.000", "99,000" or "99000"), with what it will be saved as
 * shown beside it while typing, and the digits regrouped the language's way on leaving the field.
 * Given the fee and tax `rates`, it also says what the seller will receive of a paid price, as an
 * individual seller (the most that is withheld; decision 0150). The label and help default to a
 * workflow's price; a bundle's form names its own.
 */
export const PriceInput = forwardRef<
  HTMLInputElement,
  {
    id: string;
    name?: string;
    value: string;
    onChange: (text: string) => void;
    onBlur?: () => void;
    error?: string;
    disabled?: boolean;
    rates?: SellingRates;
    label?: string;
    help?: string;
    /** What an empty or 0 amount means ("Free" unless said, e.g. a licence not offered). */
    zeroText?: string;
  }
>(function PriceInput(
  { id, name, value, onChange, onBlur, error, disabled, rates, label, help, zeroText },
  ref,
) {
  const { t, i18n } = useTranslation();
  const reading = readPrice(value);
  const amount = reading.ok ? reading.amount : null;
  const net = amount !== null && amount > 0 && rates ? netOfPrice(amount, rates) : null;
  const described = [`${id}-help`, `${id}-amount`, `${id}-net`, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <FormField
      id={id}
      label={label ?? t('publish.price')}
      error={error}
      help={help ?? t('publish.priceRules')}
    >
      <Input
        ref={ref}
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={formatAmount(99_000, asLanguage(i18n.language))}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          if (amount !== null && amount > 0) onChange(formatAmount(amount, asLanguage(i18n.language)));
          onBlur?.();
        }}
      />
      <p id={`${id}-amount`} className="text-sm font-medium text-slate-800" aria-live="polite">
        {amount === null
          ? null
          : amount === 0
            ? (zeroText ?? t('publish.priceIsFree'))
            : t('publish.priceIs', { price: formatPrice(amount, i18n.language) })}
      </p>
      <p id={`${id}-net`} className="text-sm text-slate-600" aria-live="polite">
        {net === null ? null : t('publish.youReceive', { price: formatPrice(net, i18n.language) })}
      </p>
    </FormField>
  );
});

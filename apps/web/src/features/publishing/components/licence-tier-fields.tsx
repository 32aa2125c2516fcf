import { Controller, type UseFormReturn } from 'react-hook-form';
import { AGENCY_CLIENTS_MAX, PAID_PRICE_MIN, type SellingRates } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { translateMessage } from '@/i18n/keys';
import { PriceInput } from '@/components/price-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatPrice } from '@/lib/format';

/** The tier fields as typed (the prices are still text, like the price). */
export interface LicenceTierInput {
  commercial_price: string;
  agency_price: string;
  agency_clients: string;
}

/**
 * A paid listing's licences (decision 0159): the price above is the Personal licence's; a seller may
 * add a Commercial and an Agency licence at higher prices, and says how many clients the Agency one
 * covers. An empty price means that licence is not offered. Ids are `${idPrefix}-commercial-price`,
 * `${idPrefix}-agency-price` and `${idPrefix}-agency-clients`.
 */
export function LicenceTierFields({
  form,
  idPrefix,
  rates,
}: {
  form: UseFormReturn<LicenceTierInput>;
  idPrefix: string;
  rates?: SellingRates;
}) {
  const { t, i18n } = useTranslation();
  const { errors } = form.formState;
  const message = (field: keyof LicenceTierInput) => {
    const key = errors[field]?.message;
    return key
      ? translateMessage(t, key, {
          min: formatPrice(PAID_PRICE_MIN, i18n.language),
          max: AGENCY_CLIENTS_MAX,
        })
      : undefined;
  };
  const price = (name: 'commercial_price' | 'agency_price', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <PriceInput
          id={`${idPrefix}-${name.replace('_', '-')}`}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={message(name)}
          rates={rates}
          label={label}
          help={t('publish.tiers.priceHelp')}
          zeroText={t('publish.tiers.notOffered')}
        />
      )}
    />
  );
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('publish.tiers.legend')}</legend>
      <p className="text-sm text-slate-600">{t('publish.tiers.intro')}</p>
      <div className="grid gap-[inherit] sm:grid-cols-2">
        {price('commercial_price', t('publish.tiers.commercialPrice'))}
        <div />
        {price('agency_price', t('publish.tiers.agencyPrice'))}
        <FormField
          id={`${idPrefix}-agency-clients`}
          label={t('publish.tiers.agencyClients')}
          error={message('agency_clients')}
          help={t('publish.tiers.agencyClientsHelp', { max: AGENCY_CLIENTS_MAX })}
        >
          {(control) => (
            <Input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="10"
              {...form.register('agency_clients')}
            />
          )}
        </FormField>
      </div>
    </fieldset>
  );
}

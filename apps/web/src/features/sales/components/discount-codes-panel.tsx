import { useState } from 'react';
import type { DiscountCode, DiscountKind } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useCreateDiscountCode, useDeactivateDiscountCode, useDiscountCodes } from '../api/discount-codes';

const DAY = 24 * 60 * 60 * 1000;
const inputClass = 'rounded-md border border-slate-300 px-2 py-1.5 text-sm';

/** The seller's discount codes: create one (for all their workflows), see uses, deactivate. */
/** A required whole number of at least 1 (a code's maximum uses, the days it runs). */
function CountField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <input
        className={inputClass}
        type="number"
        min={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
      />
    </label>
  );
}

export function DiscountCodesPanel() {
  const { t, i18n } = useTranslation();
  const codes = useDiscountCodes();
  const create = useCreateDiscountCode();
  const deactivate = useDeactivateDiscountCode();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<DiscountKind>('percent');
  const [value, setValue] = useState('10');
  const [maxUses, setMaxUses] = useState('100');
  const [days, setDays] = useState('30');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const now = Date.now();
    create.mutate(
      {
        code: code.trim().toUpperCase(),
        kind,
        value: Number(value.replace(/[.,\s]/g, '')),
        max_uses: Number(maxUses),
        starts_at: new Date(now).toISOString(),
        ends_at: new Date(now + Number(days) * DAY).toISOString(),
      },
      {
        onSuccess: () => {
          setCode('');
          toast.success(t('sales.discountCodes.created'));
        },
        onError: (error) => toast.error(t(errorKey(error))),
      },
    );
  };

  const describe = (item: DiscountCode) =>
    item.kind === 'percent' ? `${item.value}%` : formatPrice(item.value, i18n.language);

  return (
    <div className="mt-4 flex flex-col gap-4" data-testid="discount-codes">
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <label className="flex flex-col gap-1 text-sm">
          {t('sales.discountCodes.code')}
          <input
            className={`${inputClass} uppercase`}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
            minLength={3}
            maxLength={32}
            pattern="[A-Za-z0-9][A-Za-z0-9_\-]{2,31}"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('sales.discountCodes.kind')}
          <select
            className={inputClass}
            value={kind}
            onChange={(event) => setKind(event.target.value as DiscountKind)}
          >
            <option value="percent">{t('sales.discountCodes.percent')}</option>
            <option value="fixed">{t('sales.discountCodes.fixed')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('sales.discountCodes.value')}
          <input
            className={inputClass}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            required
          />
        </label>
        <CountField label={t('sales.discountCodes.maxUses')} value={maxUses} onChange={setMaxUses} />
        <CountField label={t('sales.discountCodes.days')} value={days} onChange={setDays} />
        <Button type="submit" disabled={create.isPending}>
          {t('sales.discountCodes.create')}
        </Button>
      </form>
      <p className="text-xs text-slate-600">{t('sales.discountCodes.allWorkflows')}</p>
      {codes.data && codes.data.codes.length === 0 && (
        <p className="text-sm text-slate-600">{t('sales.discountCodes.none')}</p>
      )}
      <ul className="flex flex-col gap-2">
        {codes.data?.codes.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm"
          >
            <span>
              <span className="font-mono font-semibold">{item.code}</span> · {describe(item)} ·{' '}
              {t('sales.discountCodes.uses', { uses: item.uses, max: item.max_uses })} ·{' '}
              {t('sales.discountCodes.until', { date: formatDateTime(item.ends_at, i18n.language) })}
              {!item.active && <> · {t('sales.discountCodes.inactive')}</>}
            </span>
            {item.active && (
              <Button
                variant="outline"
                size="sm"
                disabled={deactivate.isPending}
                onClick={() =>
                  deactivate.mutate(item.id, { onError: (error) => toast.error(t(errorKey(error))) })
                }
              >
                {t('sales.discountCodes.deactivate')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

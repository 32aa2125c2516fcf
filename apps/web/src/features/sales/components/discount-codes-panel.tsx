import { useState } from 'react';
import type { DiscountCode, DiscountKind } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import {
  useCodeWorkflows,
  useCreateDiscountCode,
  useDeactivateDiscountCode,
  useDiscountCodes,
  type CodeWorkflow,
} from '../api/discount-codes';

const DAY = 24 * 60 * 60 * 1000;
const inputClass = 'rounded-md border border-slate-300 px-2 py-1.5 text-sm';

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

/** Which of the seller's workflows a new code applies to: all the paid ones, or those ticked. */
function ScopeField({
  scope,
  onScope,
  chosen,
  onChosen,
  workflows,
  failed,
  error,
}: {
  scope: 'all' | 'some';
  onScope: (scope: 'all' | 'some') => void;
  chosen: string[];
  onChosen: (ids: string[]) => void;
  workflows: CodeWorkflow[] | undefined;
  failed: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const paid = workflows?.filter((item) => item.paid) ?? [];
  return (
    <fieldset className="flex basis-full flex-col gap-2 text-sm">
      <legend className="mb-1 font-medium">{t('sales.discountCodes.appliesTo')}</legend>
      <div className="flex flex-wrap gap-4">
        {(['all', 'some'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name="discount-code-scope"
              value={value}
              checked={scope === value}
              onChange={() => onScope(value)}
            />
            {t(value === 'all' ? 'sales.discountCodes.scopeAll' : 'sales.discountCodes.scopeSome')}
          </label>
        ))}
      </div>
      {scope === 'some' && (
        <fieldset
          className="flex flex-col gap-1 rounded-md border border-slate-200 p-3"
          aria-describedby={error ? 'discount-code-workflows-error' : undefined}
        >
          <legend className="px-1 text-slate-700">{t('sales.discountCodes.workflows')}</legend>
          {failed ? (
            <p role="alert" className="text-red-700">
              {t('sales.discountCodes.workflowsLoadFailed')}
            </p>
          ) : workflows && paid.length === 0 ? (
            <p className="text-slate-600">{t('sales.discountCodes.noPaidWorkflows')}</p>
          ) : (
            paid.map((item) => (
              <label key={item.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={chosen.includes(item.id)}
                  onChange={(event) =>
                    onChosen(
                      event.target.checked ? [...chosen, item.id] : chosen.filter((id) => id !== item.id),
                    )
                  }
                />
                {item.title}
              </label>
            ))
          )}
          {error && (
            <p id="discount-code-workflows-error" role="alert" className="text-red-700">
              {error}
            </p>
          )}
        </fieldset>
      )}
    </fieldset>
  );
}

/**
 * The seller's discount codes: create one for all their paid workflows or the ones they choose;
 * each code shows what it covers, its uses, when it runs and whether it is active, and can be
 * deactivated.
 */
export function DiscountCodesPanel() {
  const { t, i18n } = useTranslation();
  const codes = useDiscountCodes();
  const create = useCreateDiscountCode();
  const deactivate = useDeactivateDiscountCode();
  const workflows = useCodeWorkflows();
  const [scope, setScope] = useState<'all' | 'some'>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [scopeError, setScopeError] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<DiscountKind>('percent');
  const [value, setValue] = useState('10');
  const [maxUses, setMaxUses] = useState('100');
  const [days, setDays] = useState('30');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (scope === 'some' && chosen.length === 0) {
      setScopeError(t('sales.discountCodes.chooseWorkflow'));
      return;
    }
    setScopeError(undefined);
    const now = Date.now();
    create.mutate(
      {
        code: code.trim().toUpperCase(),
        workflow_ids: scope === 'some' ? chosen : null,
        kind,
        value: Number(value.replace(/[.,\s]/g, '')),
        max_uses: Number(maxUses),
        starts_at: new Date(now).toISOString(),
        ends_at: new Date(now + Number(days) * DAY).toISOString(),
      },
      {
        onSuccess: () => {
          setCode('');
          setChosen([]);
          toast.success(t('sales.discountCodes.created'));
        },
        onError: (error) => toast.error(t(errorKey(error))),
      },
    );
  };

  const titles = new Map(workflows.data?.map((item) => [item.id, item.title]));
  const covers = (item: DiscountCode) =>
    item.workflow_ids === null
      ? t('sales.discountCodes.coversAll')
      : t('sales.discountCodes.covers', {
          names: item.workflow_ids
            .map((id) => titles.get(id) ?? t('sales.discountCodes.removedWorkflow'))
            .join(', '),
        });

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
        <ScopeField
          scope={scope}
          onScope={(next) => {
            setScope(next);
            setScopeError(undefined);
          }}
          chosen={chosen}
          onChosen={(ids) => {
            setChosen(ids);
            setScopeError(undefined);
          }}
          workflows={workflows.data}
          failed={workflows.isError}
          error={scopeError}
        />
        <Button type="submit" disabled={create.isPending}>
          {t('sales.discountCodes.create')}
        </Button>
      </form>
      {codes.data && codes.data.codes.length === 0 && (
        <p className="text-sm text-slate-600">{t('sales.discountCodes.none')}</p>
      )}
      <ul className="flex flex-col gap-2" aria-label={t('sales.discountCodes.listLabel')}>
        {codes.data?.codes.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm"
          >
            <div className="flex min-w-0 flex-col gap-0.5">
              <span>
                <span className="font-mono font-semibold">{item.code}</span> · {describe(item)} ·{' '}
                {t('sales.discountCodes.uses', { uses: item.uses, max: item.max_uses })} ·{' '}
                {item.active ? t('sales.discountCodes.active') : t('sales.discountCodes.inactive')}
              </span>
              <span className="text-slate-600">
                {t('sales.discountCodes.period', {
                  start: formatDateTime(item.starts_at, i18n.language),
                  end: formatDateTime(item.ends_at, i18n.language),
                })}
              </span>
              <span className="text-slate-600">{covers(item)}</span>
            </div>
            {item.active && (
              <Button
                variant="outline"
                size="sm"
                aria-label={t('sales.discountCodes.deactivateNamed', { code: item.code })}
                disabled={deactivate.isPending}
                onClick={() =>
                  deactivate.mutate(item.id, {
                    onSuccess: () => toast.success(t('sales.discountCodes.deactivated', { code: item.code })),
                    onError: (error) => toast.error(t(errorKey(error))),
                  })
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

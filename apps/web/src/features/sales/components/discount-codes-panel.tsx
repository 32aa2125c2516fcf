import { useId, useState } from 'react';
import type { DiscountCode, DiscountKind } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { ApiRequestError, errorKey } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import {
  useCodeWorkflows,
  useCreateDiscountCode,
  useDeactivateDiscountCode,
  useDiscountCodes,
  type CodeWorkflow,
} from '../api/discount-codes';

const DAY = 24 * 60 * 60 * 1000;
/** How long a new code runs unless the seller sets its end. */
const DEFAULT_DAYS = 30;
const inputClass = 'rounded-md border border-slate-300 px-2 py-1.5 text-sm';

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as a date-time input holds it: the user's local time to the minute ("2026-11-29T09:30"). */
function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A date-time input's value (the user's local time) as ISO 8601 with the user's offset, e.g.
 * "2026-11-29T09:30:00+07:00"; undefined when the input holds no complete date and time.
 */
function localInputToIso(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hour, minute);
  if (Number.isNaN(date.getTime())) return undefined;
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const hours = pad(Math.floor(Math.abs(offset) / 60));
  return `${toLocalInput(date)}:00${sign}${hours}:${pad(Math.abs(offset) % 60)}`;
}

/** A required whole number of at least 1 (a code's maximum uses). */
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

/** When a code starts or ends, in the user's local time, with the refusal of that value under it. */
function DateTimeField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={inputClass}
        type="datetime-local"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        required
      />
      {error && (
        <p id={errorId} role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type CodeState = 'active' | 'inactive' | 'scheduled' | 'ended';

/**
 * What a code's row says about it, from the dates the server returns: deactivated, past its end,
 * not started yet, used up (the server's `active` is false) or active.
 */
function codeState(item: DiscountCode, now: number): CodeState {
  if (item.deactivated_at !== null) return 'inactive';
  if (now >= Date.parse(item.ends_at)) return 'ended';
  if (now < Date.parse(item.starts_at)) return 'scheduled';
  return item.active ? 'active' : 'inactive';
}

const STATE_KEYS = {
  active: 'sales.discountCodes.active',
  inactive: 'sales.discountCodes.inactive',
  scheduled: 'sales.discountCodes.scheduled',
  ended: 'sales.discountCodes.ended',
} as const;

type DateErrors = { starts_at?: string; ends_at?: string };

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
 * The seller's discount codes: create one for all their paid workflows or the ones they choose,
 * running from a start to an end chosen in the seller's local time (now and 30 days on unless
 * changed); each code shows what it covers, its uses, when it runs and whether it is scheduled,
 * active, ended or inactive, and an active or scheduled one can be deactivated.
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
  const [period] = useState(() => {
    const now = Date.now();
    return { starts: toLocalInput(new Date(now)), ends: toLocalInput(new Date(now + DEFAULT_DAYS * DAY)) };
  });
  const [startsAt, setStartsAt] = useState(period.starts);
  const [endsAt, setEndsAt] = useState(period.ends);
  const [dateErrors, setDateErrors] = useState<DateErrors>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (scope === 'some' && chosen.length === 0) {
      setScopeError(t('sales.discountCodes.chooseWorkflow'));
      return;
    }
    setScopeError(undefined);
    const starts = localInputToIso(startsAt);
    const ends = localInputToIso(endsAt);
    if (!starts || !ends) {
      const invalid = t('sales.discountCodes.dateInvalid');
      setDateErrors({ starts_at: starts ? undefined : invalid, ends_at: ends ? undefined : invalid });
      return;
    }
    setDateErrors({});
    create.mutate(
      {
        code: code.trim().toUpperCase(),
        workflow_ids: scope === 'some' ? chosen : null,
        kind,
        value: Number(value.replace(/[.,\s]/g, '')),
        max_uses: Number(maxUses),
        starts_at: starts,
        ends_at: ends,
      },
      {
        onSuccess: () => {
          setCode('');
          setChosen([]);
          toast.success(t('sales.discountCodes.created'));
        },
        onError: (error) => {
          // The server refuses an end not after the start (and a date it cannot read) on that field.
          if (error instanceof ApiRequestError && error.code === 'VALIDATION_FAILED') {
            if (error.field === 'ends_at') {
              setDateErrors({ ends_at: t('sales.discountCodes.endsAfterStart') });
              return;
            }
            if (error.field === 'starts_at') {
              setDateErrors({ starts_at: t('sales.discountCodes.dateInvalid') });
              return;
            }
          }
          toast.error(t(errorKey(error)));
        },
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

  const now = Date.now();
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
        <DateTimeField
          label={t('sales.discountCodes.starts')}
          value={startsAt}
          onChange={(next) => {
            setStartsAt(next);
            setDateErrors({});
          }}
          error={dateErrors.starts_at}
        />
        <DateTimeField
          label={t('sales.discountCodes.ends')}
          value={endsAt}
          onChange={(next) => {
            setEndsAt(next);
            setDateErrors({});
          }}
          error={dateErrors.ends_at}
        />
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
                {t(STATE_KEYS[codeState(item, now)])}
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

import { Check, ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { APP_FILTER_MAX, type CatalogFacets } from '@flowbay/domain';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { AppIcon } from './app-icon';

const SHOWN = 12;

/**
 * Filter by app, the main filter of n8n's and Zapier's libraries: the apps of the current results
 * with how many workflows use each; choosing several keeps workflows that use all of them.
 */
export function AppFacet({
  selected,
  facets,
  onChange,
}: {
  selected: string[];
  facets: CatalogFacets['apps'] | undefined;
  onChange: (apps: string[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const available = facets ?? [];
  // A chosen app always stays visible, even when the current results have no count for it.
  const chosen = selected.map(
    (key) => available.find((app) => app.key === key) ?? { key, name: key, count: 0 },
  );
  const others = available.filter((app) => !selected.includes(app.key));
  const shown = [...chosen, ...(expanded ? others : others.slice(0, Math.max(0, SHOWN - chosen.length)))];
  if (shown.length === 0) return null;
  const full = selected.length >= APP_FILTER_MAX;
  const toggle = (key: string) =>
    onChange(selected.includes(key) ? selected.filter((item) => item !== key) : [...selected, key]);
  return (
    <fieldset className="mt-4 border-t border-slate-100 pt-4">
      <legend id={id} className="text-sm font-medium text-slate-900">
        {t('catalog.apps')}
      </legend>
      <p className="mt-1 text-xs text-slate-600">{t('catalog.appsHint')}</p>
      <ul aria-labelledby={id} className="mt-3 flex flex-wrap gap-2">
        {shown.map((app) => {
          const active = selected.includes(app.key);
          return (
            <li key={app.key}>
              <button
                type="button"
                aria-pressed={active}
                disabled={!active && full}
                onClick={() => toggle(app.key)}
                className={cn(
                  'inline-flex items-center gap-2 rounded-full border py-1 pr-3 pl-1 text-sm transition-colors disabled:opacity-50',
                  active
                    ? 'border-indigo-600 bg-indigo-50 text-indigo-900'
                    : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300',
                )}
              >
                <AppIcon appKey={app.key} name="" size="sm" />
                <span>{app.name}</span>
                <span className="text-xs text-slate-500">{formatNumber(app.count, i18n.language)}</span>
                {active && <Check className="size-4" aria-hidden="true" />}
              </button>
            </li>
          );
        })}
      </ul>
      {others.length > SHOWN - chosen.length && (
        <button
          type="button"
          className="mt-2 inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? (
            <ChevronUp className="size-4" aria-hidden="true" />
          ) : (
            <ChevronDown className="size-4" aria-hidden="true" />
          )}
          {t(expanded ? 'catalog.fewerApps' : 'catalog.moreApps')}
        </button>
      )}
    </fieldset>
  );
}

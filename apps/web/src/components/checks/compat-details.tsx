import { ArrowUpCircle, Package, XCircle } from 'lucide-react';
import type { N8nCompatibility } from '@flowbay/domain/checks';
import { useTranslation } from '@/i18n/use-translation';

type Limit = N8nCompatibility['limits'][number];

/** A bound's reason in words: "introduced in 2.3", "disabled by default since 2.0", "unknown node". */
export function useLimitReason() {
  const { t } = useTranslation();
  return (limit: Pick<Limit, 'reason' | 'release'>) => {
    if (limit.reason === 'unknown') return t('checks.reason.unknown');
    if (limit.release === null)
      return limit.reason === 'deprecated'
        ? t('checks.reason.deprecatedAnyRelease')
        : t('checks.reason.unknown');
    return t(`checks.reason.${limit.reason}`, { release: limit.release });
  };
}

/** The range in a sentence: "Runs on n8n 1.76 and later (checked up to 2.4)." */
export function useCompatRange() {
  const { t } = useTranslation();
  return (compat: N8nCompatibility) =>
    compat.min === null
      ? t('checks.rangeUnknown')
      : compat.max
        ? t('checks.rangeBetween', { min: compat.min, max: compat.max })
        : t('checks.rangeFrom', { min: compat.min, catalogue: compat.catalogue });
}

/**
 * Which n8n releases a workflow runs on and why: the range, each node that sets a bound with its
 * reason, the community packages to install, nodes n8n does not know, and the nodes used at an older
 * version than the newest release offers (upgrade hints).
 */
export function CompatDetails({
  compat,
  headingLevel = 3,
}: {
  compat: N8nCompatibility;
  headingLevel?: 3 | 4;
}) {
  const { t } = useTranslation();
  const reason = useLimitReason();
  const range = useCompatRange();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="flex flex-col gap-3 text-sm text-slate-800" data-testid="compat-details">
      <p className="font-medium text-slate-900">{range(compat)}</p>
      {compat.limits.length > 0 && (
        <div>
          <Heading className="font-medium text-slate-700">{t('checks.limitsTitle')}</Heading>
          <ul className="mt-1 flex flex-col gap-1">
            {compat.limits.map((limit) => (
              <li key={`${limit.type}-${limit.version}-${limit.reason}`} className="flex gap-1.5">
                <XCircle className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span>
                  <span className="font-medium">
                    {t('checks.nodeVersion', { name: limit.display_name, version: String(limit.version) })}
                  </span>
                  {': '}
                  {reason(limit)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {compat.community_packages.length > 0 && (
        <p className="flex gap-1.5">
          <Package className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>{t('checks.communityPackages', { names: compat.community_packages.join(', ') })}</span>
        </p>
      )}
      {compat.unknown_types.length > 0 && (
        <p className="flex gap-1.5">
          <XCircle className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="break-all">
            {t('checks.unknownTypes', { names: compat.unknown_types.join(', ') })}
          </span>
        </p>
      )}
      {compat.upgrades.length > 0 && (
        <div>
          <Heading className="font-medium text-slate-700">{t('checks.upgradesTitle')}</Heading>
          <ul className="mt-1 flex flex-col gap-1">
            {compat.upgrades.map((upgrade) => (
              <li key={upgrade.type} className="flex gap-1.5">
                <ArrowUpCircle className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                <span>
                  {t('checks.upgrade', {
                    name: upgrade.display_name,
                    used: String(upgrade.used),
                    latest: String(upgrade.latest),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

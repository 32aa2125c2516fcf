import { Cpu, Gauge } from 'lucide-react';
import type { CompatBadge, SetupEstimate } from '@flowbay/domain/checks';
import { useTranslation } from '@/i18n/use-translation';
import { Badge } from '@/components/ui/badge';
import { formatNumber } from '@/lib/format';

/**
 * The n8n releases a workflow runs on, in short ("n8n ≥ 1.76", "n8n 1.22 – 1.123"); screen readers
 * hear it in words (its label: "Runs on n8n 1.76 or later"). Nothing when no lower bound was computed.
 */
export function CompatBadgeView({ compat }: { compat: CompatBadge | null }) {
  const { t } = useTranslation();
  if (!compat?.min) return null;
  const { min, max } = compat;
  const short = max ? t('checks.badgeRange', { min, max }) : t('checks.badge', { min });
  const label = max ? t('checks.badgeRangeLabel', { min, max }) : t('checks.badgeLabel', { min });
  return (
    // An image of text to assistive technology: read as its label, the symbols left out.
    <Badge variant="neutral" data-testid="compat-badge" role="img" aria-label={label}>
      <Cpu className="size-3" aria-hidden="true" />
      {short}
    </Badge>
  );
}

/** "Beginner · 10 min": how hard a workflow is to set up and about how long it takes. */
export function SetupText({ setup, className }: { setup: SetupEstimate | null; className?: string }) {
  const { t, i18n } = useTranslation();
  if (!setup) return null;
  const values = {
    difficulty: t(`checks.difficulty.${setup.difficulty}`),
    minutes: formatNumber(setup.setup_minutes, i18n.language),
  };
  return (
    <p className={className ?? 'inline-flex items-center gap-1 text-xs text-slate-600'} data-testid="setup">
      <Gauge className="size-3.5" aria-hidden="true" />
      <span aria-hidden="true">{t('checks.setupShort', values)}</span>
      <span className="sr-only">{t('checks.setupLabel', values)}</span>
    </p>
  );
}

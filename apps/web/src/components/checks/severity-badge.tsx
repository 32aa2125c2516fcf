import { AlertOctagon, AlertTriangle, Info } from 'lucide-react';
import type { Severity } from '@flowbay/domain/checks';
import { useTranslation } from '@/i18n/use-translation';
import { Badge } from '@/components/ui/badge';

const VARIANT = { info: 'neutral', low: 'default', medium: 'warning', high: 'danger' } as const;
const ICON = { info: Info, low: Info, medium: AlertTriangle, high: AlertOctagon } as const;

/** A finding's severity as a word (never only a colour), read as "Severity: High". */
export function SeverityBadge({ severity }: { severity: Severity }) {
  const { t } = useTranslation();
  const Icon = ICON[severity];
  const word = t(`severities.${severity}`);
  return (
    <Badge variant={VARIANT[severity]} data-severity={severity}>
      <Icon className="size-3" aria-hidden="true" />
      <span aria-hidden="true">{word}</span>
      <span className="sr-only">{t('checks.severityLabel', { severity: word })}</span>
    </Badge>
  );
}

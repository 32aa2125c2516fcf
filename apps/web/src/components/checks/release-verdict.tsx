import { CheckCircle2, XCircle } from 'lucide-react';
import type { CompatBadge } from '@flowbay/domain/checks';
import { useTranslation } from '@/i18n/use-translation';
import { cn } from '@/lib/cn';
import { releaseVerdict } from '@/lib/n8n-release';

/**
 * Whether a workflow runs on the n8n release the visitor remembered: "Not on your n8n 1.98: needs 2.3
 * or later", "Not on your n8n 1.98: runs up to 1.123", or "Runs on your n8n 1.98"; nothing when
 * either is unknown.
 */
export function ReleaseVerdict({
  compat,
  release,
  className,
}: {
  compat: CompatBadge | null;
  release: string | null;
  className?: string;
}) {
  const { t } = useTranslation();
  const verdict = releaseVerdict(compat, release);
  if (!verdict || !release) return null;
  const text = verdict.runs
    ? t('checks.runsOnYours', { release })
    : verdict.needs === 'newer'
      ? t('checks.needsNewerYours', { release, min: verdict.min })
      : t('checks.notOnYours', { release, max: verdict.max });
  const Icon = verdict.runs ? CheckCircle2 : XCircle;
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1.5 text-xs font-medium',
        verdict.runs ? 'text-emerald-800' : 'text-red-800',
        className,
      )}
      data-testid="release-verdict"
      data-runs={verdict.runs}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}

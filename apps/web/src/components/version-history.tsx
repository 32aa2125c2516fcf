import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { WorkflowVersion } from '@flowbay/domain';
import { Badge } from '@/components/ui/badge';
import { TitledCard } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ModerationStatusBadge } from '@/components/moderation-status-badge';
import { formatDate } from '@/lib/format';
import { FindingList, highestSeverity } from './checks/finding-list';
import { SeverityBadge } from './checks/severity-badge';

/**
 * A workflow's versions, newest first, with their dates and what changed, wherever they are listed:
 * the detail page (with a download per version) and the author's edit page (with each version's
 * moderation state and reason, and what the safety check found in its file, with how to fix it).
 */
export function VersionHistory({
  versions,
  failed = false,
  showModeration = false,
  action,
}: {
  versions: WorkflowVersion[] | undefined;
  failed?: boolean;
  showModeration?: boolean;
  action?: (version: WorkflowVersion) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <TitledCard data-testid="version-history" title={t('detail.versionHistory')}>
      {failed ? (
        <p className="text-sm text-red-700" role="alert">
          {t('manage.versionsFailed')}
        </p>
      ) : !versions ? (
        <Skeleton className="h-16 w-full" />
      ) : versions.length === 0 ? (
        <p className="text-sm text-slate-600">{t('manage.noVersions')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {versions.map((version) => (
            <li
              key={version.id}
              className="flex items-start justify-between gap-3 rounded-lg border border-slate-100 px-3 py-2"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  v{version.version}
                  {version.is_current && <Badge variant="success">{t('detail.current')}</Badge>}
                  {showModeration && <ModerationStatusBadge status={version.review_status} />}
                </p>
                <p className="text-xs text-slate-600">
                  <time dateTime={version.created_at}>{formatDate(version.created_at, i18n.language)}</time>
                </p>
                {version.notes && (
                  <p
                    className="mt-1 text-sm break-words whitespace-pre-line text-slate-700"
                    data-testid="version-notes"
                  >
                    <span className="sr-only">{t('listing.whatChanged')}: </span>
                    {version.notes}
                  </p>
                )}
                {showModeration && version.checks && version.checks.safety.length > 0 && (
                  <details className="mt-2 text-sm" data-testid="version-findings">
                    <summary className="inline-flex cursor-pointer items-center gap-2 font-medium text-slate-800">
                      {t('publish.checks.title')}
                      <SeverityBadge
                        severity={version.checks.highest_severity ?? highestSeverity(version.checks.safety)!}
                      />
                    </summary>
                    <div className="mt-2">
                      <FindingList findings={version.checks.safety} audience="author" />
                    </div>
                  </details>
                )}
                {showModeration && version.review_status === 'rejected' && version.review_reason && (
                  <p className="mt-1 text-sm text-red-800" data-testid="rejection-reason">
                    {t('moderation.reason', { reason: version.review_reason })}
                  </p>
                )}
              </div>
              {action?.(version)}
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}

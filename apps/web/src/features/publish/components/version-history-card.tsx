import { useTranslation } from 'react-i18next';
import type { WorkflowVersion } from '@flowbay/domain';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ReviewStatusBadge } from '@/components/review-status-badge';
import { formatDate } from '@/lib/format';

/** Every version with its review state and, for a rejected one, the administrator's reason. */
export function VersionHistoryCard({
  versions,
  isError,
}: {
  versions: WorkflowVersion[] | undefined;
  isError: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.versionHistory')}</CardTitle>
      </CardHeader>
      <CardContent>
        {isError ? (
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
              <li key={version.id} className="rounded-lg border border-slate-100 px-3 py-2">
                <div className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  v{version.version}
                  {version.is_current && <Badge variant="success">{t('detail.current')}</Badge>}
                  <ReviewStatusBadge status={version.review_status} />
                </div>
                <p className="text-xs text-slate-600">{formatDate(version.created_at, i18n.language)}</p>
                {version.review_status === 'rejected' && version.review_reason && (
                  <p className="mt-1 text-sm text-red-800" data-testid="rejection-reason">
                    {t('review.reason', { reason: version.review_reason })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

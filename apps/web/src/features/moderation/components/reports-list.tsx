import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { ReportList } from '@/components/report-list';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { useReports, useResolveReport } from '../api/moderation-queue';

/** Open reports with unlist (closes every open report of that workflow) or dismiss. */
export function ReportsList() {
  const { t, i18n } = useTranslation();
  const reports = useReports('open');
  const resolve = useResolveReport();
  return (
    <ReportList
      query={reports}
      texts={{
        loadFailed: t('moderationQueue.reportsFailed'),
        empty: t('moderationQueue.noReports'),
        remove: t('moderationQueue.unlist'),
        removed: t('moderationQueue.unlisted'),
        dismiss: t('moderationQueue.dismiss'),
        dismissed: t('moderationQueue.dismissed'),
        answerFailed: t('moderationQueue.decisionFailed'),
      }}
      resolve={(report, unlist) =>
        resolve.mutateAsync({ reportId: report.id, action: unlist ? 'unlist' : 'dismiss' })
      }
    >
      {(report) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={`/workflows/${report.workflow_id}`}
              className="font-semibold text-slate-900 hover:text-brand-700"
            >
              {report.workflow_title}
            </Link>
            <Badge variant="danger">{t(`moderationQueue.reasons.${report.reason}`)}</Badge>
          </div>
          {report.details && (
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{report.details}</p>
          )}
          <p className="mt-1 text-xs text-slate-600">{formatDate(report.created_at, i18n.language)}</p>
        </>
      )}
    </ReportList>
  );
}

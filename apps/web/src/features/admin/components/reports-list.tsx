import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { ReportList } from '@/components/report-list';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { useReports, useResolveReport } from '../api/review-queue';

/** Open reports with unlist (closes every open report of that workflow) or dismiss. */
export function ReportsList() {
  const { t, i18n } = useTranslation();
  const reports = useReports('open');
  const resolve = useResolveReport();
  return (
    <ReportList
      query={reports}
      texts={{
        loadFailed: t('admin.reportsFailed'),
        empty: t('admin.noReports'),
        remove: t('admin.unlist'),
        removed: t('admin.unlisted'),
        dismiss: t('admin.dismiss'),
        dismissed: t('admin.dismissed'),
        answerFailed: t('admin.decisionFailed'),
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
            <Badge variant="danger">{t(`admin.reasons.${report.reason}`)}</Badge>
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

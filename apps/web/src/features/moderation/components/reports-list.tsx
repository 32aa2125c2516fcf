import { useTranslation } from '@/i18n/use-translation';
import { ReportList, ReportSubject } from '@/components/report-list';
import { useReports, useResolveReport } from '../api/moderation-queue';

/** Open reports, each with who filed it, and unlist (closes every open report of that workflow) or dismiss. */
export function ReportsList() {
  const { t } = useTranslation();
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
          <ReportSubject
            to={`/workflows/${report.workflow_id}`}
            reason={t(`moderationQueue.reasons.${report.reason}`)}
          >
            {report.workflow_title}
          </ReportSubject>
          <p className="mt-1 text-sm text-slate-700" data-testid="reporter">
            {report.reporter
              ? t('moderationQueue.reportedBy', {
                  name: report.reporter.name ?? report.reporter.email,
                  email: report.reporter.email,
                })
              : t('moderationQueue.reporterDeleted')}
          </p>
          {report.details && (
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{report.details}</p>
          )}
        </>
      )}
    </ReportList>
  );
}

import { useTranslation } from '@/i18n/use-translation';
import { workflowPath } from '@flowbay/domain/slug';
import {
  REVIEW_REPORT_REASONS,
  type ReportReason,
  type ReviewReportReason,
  type StoredReviewReportReason,
} from '@flowbay/domain/reports';
import { RatingStars } from '@/components/rating-stars';
import { ReportList, ReportSubject } from '@/components/report-list';
import { useResolveReviewReport, useReviewReports } from '../api/review-reports';

/**
 * Reported reviews for administrators, each with who filed it: hide the review (it stops counting) or
 * dismiss the report.
 */
export function ReviewReportsList() {
  const { t } = useTranslation();
  const reports = useReviewReports();
  const resolve = useResolveReviewReport();
  // Reports filed before reviews had their own reasons keep a workflow reason.
  const reasonLabel = (reason: StoredReviewReportReason) =>
    (REVIEW_REPORT_REASONS as readonly string[]).includes(reason)
      ? t(`report.reviewReasons.${reason as ReviewReportReason}`)
      : t(`report.reasons.${reason as ReportReason}`);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="review-reports-title">
      <h2 id="review-reports-title" className="text-lg font-semibold text-slate-900">
        {t('reviewReports.title')}
      </h2>
      <ReportList
        query={reports}
        texts={{
          loadFailed: t('ratings.loadFailed'),
          empty: t('reviewReports.empty'),
          remove: t('reviewReports.hide'),
          removed: t('reviewReports.hidden'),
          dismiss: t('reviewReports.dismiss'),
          dismissed: t('reviewReports.dismissed'),
          answerFailed: t('reviewReports.failed'),
        }}
        resolve={(report, hide) =>
          resolve.mutateAsync({ reportId: report.id, action: hide ? 'hide' : 'dismiss' })
        }
      >
        {(report) => (
          <>
            <ReportSubject
              to={workflowPath(report.workflow)}
              reason={reasonLabel(report.reason)}
              className="text-sm"
            >
              {t('reviewReports.on', { title: report.workflow.title })}
            </ReportSubject>
            <p className="mt-2 flex items-center gap-2 text-sm text-slate-800">
              <span className="font-medium">{report.review.reviewer.name ?? t('common.anonymous')}</span>
              <RatingStars value={report.review.rating} />
            </p>
            {report.review.body && (
              <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{report.review.body}</p>
            )}
            {report.details && <p className="mt-1 text-xs text-slate-600">{report.details}</p>}
            <p className="mt-1 text-xs text-slate-700" data-testid="reporter">
              {report.reporter
                ? t('reviewReports.reportedBy', {
                    name: report.reporter.name ?? report.reporter.email,
                    email: report.reporter.email,
                  })
                : t('reviewReports.reporterDeleted')}
            </p>
          </>
        )}
      </ReportList>
    </section>
  );
}

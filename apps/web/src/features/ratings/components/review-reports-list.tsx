import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { workflowPath } from '@flowbay/domain/slug';
import type { AdminReviewReport } from '@flowbay/domain';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { RatingStars } from '@/components/rating-stars';
import { ReportRow } from '@/components/report-row';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useResolveReviewReport, useReviewReports } from '../api/review-reports';

/** Reported reviews for administrators: hide the review (it stops counting) or dismiss the report. */
export function ReviewReportsList() {
  const { t } = useTranslation();
  const reports = useReviewReports();
  return (
    <section className="flex flex-col gap-3" aria-labelledby="review-reports-title">
      <h2 id="review-reports-title" className="text-lg font-semibold text-slate-900">
        {t('reviewReports.title')}
      </h2>
      <QueryView
        query={reports}
        failed={t('ratings.loadFailed')}
        retry={false}
        loading={<Skeleton className="h-24 w-full rounded-2xl" />}
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState>{t('reviewReports.empty')}</EmptyState>}
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.map((report) => (
              <ReviewReportRow key={report.id} report={report} />
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

function ReviewReportRow({ report }: { report: AdminReviewReport }) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveReviewReport();
  const act = (hide: boolean) =>
    resolve.mutate(
      { reportId: report.id, action: hide ? 'hide' : 'dismiss' },
      {
        onSuccess: () => toast.success(t(hide ? 'reviewReports.hidden' : 'reviewReports.dismissed')),
        onError: (error) => toast.error(t('reviewReports.failed'), { description: t(errorKey(error)) }),
      },
    );
  return (
    <ReportRow
      removeLabel={t('reviewReports.hide')}
      dismissLabel={t('reviewReports.dismiss')}
      pending={resolve.isPending}
      onResolve={act}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Link
          to={workflowPath(report.workflow)}
          className="font-semibold text-slate-900 hover:text-brand-700"
        >
          {t('reviewReports.on', { title: report.workflow.title })}
        </Link>
        <Badge variant="danger">{t(`report.reasons.${report.reason}`)}</Badge>
      </div>
      <p className="mt-2 flex items-center gap-2 text-sm text-slate-800">
        <span className="font-medium">{report.review.reviewer.name ?? t('common.anonymous')}</span>
        <RatingStars value={report.review.rating} />
      </p>
      {report.review.body && (
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{report.review.body}</p>
      )}
      {report.details && <p className="mt-1 text-xs text-slate-600">{report.details}</p>}
      <p className="mt-1 text-xs text-slate-600">{formatDate(report.created_at, i18n.language)}</p>
    </ReportRow>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { workflowPath } from '@flowbay/domain/slug';
import type { AdminReviewReport } from '@flowbay/domain';
import { RatingStars } from '@/components/rating-stars';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
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
      {reports.isError ? (
        <p role="alert" className="text-red-700">
          {t('ratings.loadFailed')}
        </p>
      ) : !reports.data ? (
        <Skeleton className="h-24 w-full rounded-2xl" />
      ) : reports.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {t('reviewReports.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {reports.data.map((report) => (
            <ReviewReportRow key={report.id} report={report} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewReportRow({ report }: { report: AdminReviewReport }) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveReviewReport();
  const act = (action: 'hide' | 'dismiss') =>
    resolve.mutate(
      { reportId: report.id, action },
      {
        onSuccess: () =>
          toast.success(t(action === 'hide' ? 'reviewReports.hidden' : 'reviewReports.dismissed')),
        onError: (error) => toast.error(t('reviewReports.failed'), { description: t(errorKey(error)) }),
      },
    );
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
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
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="destructive" size="sm" disabled={resolve.isPending} onClick={() => act('hide')}>
          {t('reviewReports.hide')}
        </Button>
        <Button variant="outline" size="sm" disabled={resolve.isPending} onClick={() => act('dismiss')}>
          {t('reviewReports.dismiss')}
        </Button>
      </div>
    </li>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useReports, useResolveReport, type AdminReport } from '../api/review-queue';

/** Open reports with unlist (closes every open report of that workflow) or dismiss. */
export function ReportsList() {
  const { t } = useTranslation();
  const reports = useReports('open');
  if (reports.isError)
    return (
      <p className="text-red-700" role="alert">
        {t('admin.reportsFailed')}
      </p>
    );
  if (!reports.data) return <Skeleton className="h-24 w-full rounded-2xl" />;
  if (reports.data.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
        {t('admin.noReports')}
      </p>
    );
  return (
    <ul className="flex flex-col gap-3">
      {reports.data.map((report) => (
        <ReportRow key={report.id} report={report} />
      ))}
    </ul>
  );
}

function ReportRow({ report }: { report: AdminReport }) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveReport();
  const act = (action: 'unlist' | 'dismiss') =>
    resolve.mutate(
      { reportId: report.id, action },
      {
        onSuccess: () => toast.success(t(action === 'unlist' ? 'admin.unlisted' : 'admin.dismissed')),
        onError: (error) => toast.error(t('admin.decisionFailed'), { description: t(errorKey(error)) }),
      },
    );
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
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
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="destructive" size="sm" disabled={resolve.isPending} onClick={() => act('unlist')}>
          {t('admin.unlist')}
        </Button>
        <Button variant="outline" size="sm" disabled={resolve.isPending} onClick={() => act('dismiss')}>
          {t('admin.dismiss')}
        </Button>
      </div>
    </li>
  );
}

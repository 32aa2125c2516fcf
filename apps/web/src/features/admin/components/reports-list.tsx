import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { ReportRow } from '@/components/report-row';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useReports, useResolveReport, type AdminReport } from '../api/review-queue';

/** Open reports with unlist (closes every open report of that workflow) or dismiss. */
export function ReportsList() {
  const { t } = useTranslation();
  const reports = useReports('open');
  return (
    <QueryView
      query={reports}
      failed={t('admin.reportsFailed')}
      retry={false}
      loading={<Skeleton className="h-24 w-full rounded-2xl" />}
      isEmpty={(data) => data.length === 0}
      empty={<EmptyState>{t('admin.noReports')}</EmptyState>}
    >
      {(data) => (
        <ul className="flex flex-col gap-3">
          {data.map((report) => (
            <WorkflowReportRow key={report.id} report={report} />
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function WorkflowReportRow({ report }: { report: AdminReport }) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveReport();
  const act = (unlist: boolean) =>
    resolve.mutate(
      { reportId: report.id, action: unlist ? 'unlist' : 'dismiss' },
      {
        onSuccess: () => toast.success(t(unlist ? 'admin.unlisted' : 'admin.dismissed')),
        onError: (error) => toast.error(t('admin.decisionFailed'), { description: t(errorKey(error)) }),
      },
    );
  return (
    <ReportRow
      removeLabel={t('admin.unlist')}
      dismissLabel={t('admin.dismiss')}
      pending={resolve.isPending}
      onResolve={act}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`/workflows/${report.workflow_id}`}
          className="font-semibold text-slate-900 hover:text-brand-700"
        >
          {report.workflow_title}
        </Link>
        <Badge variant="danger">{t(`admin.reasons.${report.reason}`)}</Badge>
      </div>
      {report.details && <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{report.details}</p>}
      <p className="mt-1 text-xs text-slate-600">{formatDate(report.created_at, i18n.language)}</p>
    </ReportRow>
  );
}

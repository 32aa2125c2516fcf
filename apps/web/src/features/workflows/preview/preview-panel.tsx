import { useQuery } from '@tanstack/react-query';
import { Copy, Download, FileWarning } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { downloadFileName } from '@flowbay/domain/slug';
import { copyWithToast } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { saveTextFile } from '@/lib/download';
import { formatNumber } from '@/lib/format';
import type { ExportSummaryView } from './bounded-export';
import { loadExport } from './load-export';
import { BOUNDED_PREVIEW_NODES } from './preview-limits';
import { workflowsKeys } from '../api/query-keys';
import { recordTaken } from '../api/record-taken';
import { PREVIEW_HEIGHT, WorkflowPreview } from './workflow-preview';
import { appIconSrc } from '../components/app-icon';

/**
 * The live preview of a workflow the viewer may download, with copy and download of its JSON.
 * Loaded only on the detail page. Loading it is not a download; its Copy JSON and Download JSON are
 * (recorded as takes of the file). `showSettings`: node panels list settings (free workflows).
 */
export default function PreviewPanel({
  workflowId,
  fileUrl,
  title,
  showSettings = false,
  onTaken,
}: {
  /** The workflow whose copies and downloads are recorded; none in a moderator's review. */
  workflowId?: string;
  fileUrl: string;
  title: string;
  showSettings?: boolean;
  onTaken?: () => void;
}) {
  const { t } = useTranslation();
  const file = useQuery({
    queryKey: workflowsKeys.previewFile(fileUrl, showSettings),
    queryFn: ({ signal }) => loadExport(fileUrl, { settings: showSettings, signal }),
    staleTime: Infinity,
    retry: 1,
  });

  if (file.isPending)
    return <Skeleton className="w-full rounded-2xl" style={{ height: PREVIEW_HEIGHT + 48 }} />;
  const result = file.data?.result;
  const graphs = result?.ok ? result.graphs : [];
  if (!file.data || !result?.ok || graphs.length === 0) {
    return (
      <div
        className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center"
        style={{ minHeight: 240 }}
      >
        <FileWarning className="size-8 text-slate-500" aria-hidden="true" />
        <p className="text-slate-600">{t('detail.noPreview')}</p>
      </div>
    );
  }
  const text = file.data.text;
  const copy = async () => {
    if (await copyWithToast(text, { done: t('detail.copied'), failed: t('detail.copyFailed') })) {
      if (workflowId) void recordTaken(workflowId, fileUrl, 'copy').then(onTaken);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      {result.bounded && <LargeWorkflowSummary summary={result.summary} />}
      <WorkflowPreview graphs={graphs} title={title} bounded={result.bounded} showSettings={showSettings} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('detail.copyJson')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            saveTextFile(downloadFileName(title), text);
            toast.success(t('detail.downloaded'));
            if (workflowId) void recordTaken(workflowId, fileUrl, 'file').then(onTaken);
          }}
        >
          <Download aria-hidden="true" />
          {t('detail.downloadJson')}
        </Button>
      </div>
    </div>
  );
}

/** What a file too large to draw holds: its size and apps, above the preview of its first nodes. */
function LargeWorkflowSummary({ summary }: { summary: ExportSummaryView }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700"
      role="note"
      aria-label={t('preview.largeTitle')}
      data-testid="large-workflow-summary"
    >
      <p className="font-medium text-slate-900">
        {t('preview.largeSummary', {
          count: summary.nodeCount,
          formatted: formatNumber(summary.nodeCount, i18n.language),
          shown: BOUNDED_PREVIEW_NODES,
        })}
      </p>
      {summary.apps.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('preview.largeApps')}>
          {summary.apps.map((app) => (
            <li
              key={app.key}
              className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs"
            >
              <img src={appIconSrc(app.key)} alt="" width={14} height={14} />
              {app.name} × {formatNumber(app.count, i18n.language)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

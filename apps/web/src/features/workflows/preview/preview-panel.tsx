import { useQuery } from '@tanstack/react-query';
import { Copy, Download, FileWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { downloadFileName } from '@flowbay/domain/slug';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { saveTextFile } from '@/lib/download';
import { loadExport } from './load-export';
import { PREVIEW_HEIGHT, WorkflowPreview } from './workflow-preview';

/** The free workflow's live preview with copy and download of its JSON. Loaded only on the detail page. */
export default function PreviewPanel({ fileUrl, title }: { fileUrl: string; title: string }) {
  const { t } = useTranslation();
  const file = useQuery({
    queryKey: ['workflow-file', fileUrl],
    queryFn: ({ signal }) => loadExport(fileUrl, signal),
    staleTime: Infinity,
    retry: 1,
  });

  if (file.isPending)
    return <Skeleton className="w-full rounded-2xl" style={{ height: PREVIEW_HEIGHT + 48 }} />;
  const graphs = file.data?.result.ok
    ? file.data.result.workflows.filter((graph) => graph.nodes.length > 0)
    : [];
  if (!file.data || graphs.length === 0) {
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
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('detail.copied'));
    } catch {
      toast.error(t('detail.copyFailed'));
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <WorkflowPreview graphs={graphs} title={title} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" />
          {t('detail.copyJson')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            saveTextFile(downloadFileName(title), text);
            toast.success(t('detail.downloaded'));
          }}
        >
          <Download aria-hidden="true" />
          {t('detail.downloadJson')}
        </Button>
      </div>
    </div>
  );
}

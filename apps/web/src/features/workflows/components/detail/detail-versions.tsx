import { Download } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { downloadFileName } from '@flowbay/domain/slug';
import type { WorkflowDetail, WorkflowVersion } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { VersionHistory } from '@/components/version-history';
import { useVersions } from '../../api/get-versions';
import { downloadWorkflowFile } from '../../lib/download-file';

/** The approved versions, each downloadable by whoever may download the workflow. */
export function DetailVersions({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation();
  const versions = useVersions(workflow.id);
  // A failed load says so (a workflow always has a version); while loading, and with none, nothing shows.
  if (versions.isError) return <VersionHistory versions={undefined} failed />;
  if (!versions.data || versions.data.length === 0) return null;
  const download = async (version: WorkflowVersion) => {
    if (!version.file_url) return toast.error(t('detail.noFile'));
    try {
      await downloadWorkflowFile(version.file_url, downloadFileName(workflow.title, version.version));
      toast.success(t('detail.versionDownloaded', { version: version.version }));
    } catch {
      toast.error(t('detail.downloadFailed'));
    }
  };
  return (
    <VersionHistory
      versions={versions.data}
      action={(version) =>
        version.file_url && (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => void download(version)}
            aria-label={t('detail.downloadVersion', { version: version.version })}
          >
            <Download aria-hidden="true" />
          </Button>
        )
      }
    />
  );
}

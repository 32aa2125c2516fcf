import { useTranslation } from '@/i18n/use-translation';
import { Progress } from '@/components/ui/progress';

/** One bar per file being sent; nothing when no upload is running. */
export function UploadProgress({ label, percent }: { label: string; percent: number | null }) {
  const { t } = useTranslation();
  if (percent === null) return null;
  return (
    <div className="flex flex-col gap-1" data-testid="upload-progress">
      <div className="flex justify-between text-xs text-slate-700">
        <span>{label}</span>
        <span aria-hidden="true">{percent >= 100 ? t('publish.uploaded') : `${Math.round(percent)}%`}</span>
      </div>
      <Progress value={percent} label={label} />
    </div>
  );
}

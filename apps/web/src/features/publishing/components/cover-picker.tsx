import { ImagePlus, X } from 'lucide-react';
import { useEffect, useState, type Ref } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { COVER_TYPES } from '@flowbay/domain/limits';
import { Button } from '@/components/ui/button';
import { FieldNotes, describedBy } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

/** The cover image picker with a preview; the help text depends on whether the workflow is paid. */
export function CoverPicker({
  id,
  file,
  onChange,
  paid,
  error,
  inputRef,
  currentUrl = null,
}: {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  paid: boolean;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The cover the workflow already has, shown until another file is chosen. */
  currentUrl?: string | null;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const help = t(paid ? 'publish.coverHelpPaid' : 'publish.coverHelpFree');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {t('publish.cover')}{' '}
        {!paid && <span className="font-normal text-slate-600">({t('publish.optional')})</span>}
      </Label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-4">
        <div
          className={cn(
            'flex aspect-video w-36 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-dashed border-slate-300 bg-slate-50',
            error && 'border-red-400',
          )}
        >
          {(preview ?? currentUrl) ? (
            <img
              src={(preview ?? currentUrl)!}
              alt={t(preview ? 'publish.coverPreview' : 'manage.currentCover')}
              className="size-full object-cover"
            />
          ) : (
            <ImagePlus className="size-6 text-slate-500" aria-hidden="true" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={COVER_TYPES.join(',')}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, { help, error })}
            className="block w-full cursor-pointer rounded-lg border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:cursor-pointer file:border-0 file:bg-brand-50 file:px-3 file:py-2.5 file:font-medium file:text-brand-800 hover:file:bg-brand-100 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          />
          {file && (
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              onClick={() => {
                const input = document.getElementById(id) as HTMLInputElement | null;
                if (input) input.value = '';
                onChange(null);
              }}
            >
              <X aria-hidden="true" />
              {t('publish.removeCover')}
            </Button>
          )}
        </div>
      </div>
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}

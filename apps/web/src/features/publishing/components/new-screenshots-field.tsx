import { useEffect, useMemo, useRef } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { COVER_TYPES, MAX_UPLOAD_BYTES, SCREENSHOT_CAPTION_MAX, SCREENSHOTS_MAX } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** A screenshot chosen in the create form, uploaded once the workflow exists. */
export interface NewScreenshot {
  file: File;
  caption: string;
  /** The caption in the listing's other language ('' for none). */
  captionTranslation: string;
}

const coverTypes: readonly string[] = COVER_TYPES;

/**
 * The create form's screenshots: choose up to SCREENSHOTS_MAX JPEG, PNG or WebP images (5 MB each),
 * caption or remove them; they are uploaded right after the workflow is created. A file of another
 * type or too large is refused here, with the reason.
 */
export function NewScreenshotsField({
  id,
  value,
  onChange,
  error,
  onError,
  language,
}: {
  id: string;
  /** The listing's original language: the first caption's; the second is in the other one. */
  language: 'en' | 'vi';
  value: NewScreenshot[];
  onChange: (shots: NewScreenshot[]) => void;
  /** A refusal of the last files chosen, already translated. */
  error?: string;
  onError: (message: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const otherLanguage = language === 'vi' ? 'en' : 'vi';
  const other = t(`publish.texts.languageInText.${otherLanguage}`);
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(
    () =>
      value.map((shot) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(shot.file) : '')),
    [value],
  );
  useEffect(() => () => previews.forEach((url) => url && URL.revokeObjectURL(url)), [previews]);
  const full = value.length >= SCREENSHOTS_MAX;

  const add = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (input.current) input.current.value = '';
    if (chosen.length === 0) return;
    const wrongType = chosen.filter((file) => !coverTypes.includes(file.type));
    const tooLarge = chosen.filter((file) => coverTypes.includes(file.type) && file.size > MAX_UPLOAD_BYTES);
    const fitting = chosen.filter((file) => coverTypes.includes(file.type) && file.size <= MAX_UPLOAD_BYTES);
    const room = SCREENSHOTS_MAX - value.length;
    const problems = [
      ...wrongType.map((file) => t('publish.screenshots.wrongType', { name: file.name })),
      ...tooLarge.map((file) => t('publish.screenshots.tooLarge', { name: file.name })),
      ...(fitting.length > room ? [t('publish.screenshots.tooMany', { max: SCREENSHOTS_MAX })] : []),
    ];
    onError(problems.length > 0 ? problems.join(' ') : undefined);
    onChange([
      ...value,
      ...fitting.slice(0, room).map((file) => ({ file, caption: '', captionTranslation: '' })),
    ]);
  };

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium text-slate-900">{t('listing.manageScreenshotsTitle')}</legend>
      <p id={`${id}-help`} className="text-sm text-slate-600">
        {t('publish.screenshots.help', { max: SCREENSHOTS_MAX })}
      </p>
      {value.length > 0 && (
        <ol className="flex flex-col gap-3">
          {value.map((shot, index) => (
            <li
              key={`${shot.file.name}-${index}`}
              className="flex items-start gap-3 rounded-lg border border-slate-100 p-2"
            >
              {previews[index] ? (
                <img
                  src={previews[index]}
                  alt=""
                  className="h-auto w-28 shrink-0 rounded border border-slate-200"
                />
              ) : null}
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <p className="truncate text-sm text-slate-700">{shot.file.name}</p>
                <Input
                  aria-label={t('listing.captionLabel', { number: index + 1 })}
                  placeholder={t('listing.captionPlaceholder')}
                  value={shot.caption}
                  maxLength={SCREENSHOT_CAPTION_MAX}
                  onChange={(event) =>
                    onChange(
                      value.map((item, at) =>
                        at === index ? { ...item, caption: event.target.value } : item,
                      ),
                    )
                  }
                />
                <Input
                  aria-label={t('publish.texts.captionTranslation', { number: index + 1, language: other })}
                  placeholder={t('publish.texts.captionTranslationPlaceholder', { language: other })}
                  value={shot.captionTranslation}
                  lang={otherLanguage}
                  maxLength={SCREENSHOT_CAPTION_MAX}
                  onChange={(event) =>
                    onChange(
                      value.map((item, at) =>
                        at === index ? { ...item, captionTranslation: event.target.value } : item,
                      ),
                    )
                  }
                />
                <Button
                  type="button"
                  variant="ghost"
                  className="self-start"
                  onClick={() => onChange(value.filter((_, at) => at !== index))}
                >
                  <Trash2 aria-hidden="true" />
                  {t('listing.removeScreenshot', { number: index + 1 })}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={COVER_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('publish.screenshots.choose')}
        disabled={full}
        onChange={(event) => add(event.target.files)}
      />
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={full}
        onClick={() => input.current?.click()}
      >
        <ImagePlus aria-hidden="true" />
        {t('publish.screenshots.choose')}
      </Button>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

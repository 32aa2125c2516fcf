import { useEffect, useRef, useState } from 'react';
import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from 'lucide-react';
import { COVER_TYPES, SCREENSHOT_CAPTION_MAX, SCREENSHOTS_MAX, type Screenshot } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { translateMessage } from '@/i18n/keys';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useAddScreenshot, useArrangeScreenshots, useScreenshots } from '../api/listing-extras';

/** A screenshot's caption as its author wrote it in the listing's original language. */
const originalCaption = (shot: Screenshot) => shot.caption_original ?? shot.caption;

/**
 * The author's screenshots: add (JPEG, PNG or WebP; the server resizes and stores WebP), reorder,
 * caption (in the listing's original language and, optionally, in the other one) and remove. On a
 * listed workflow every change waits for review like other edits.
 */
export function ScreenshotsCard({
  workflowId,
  language,
  focusAdd = false,
}: {
  workflowId: string;
  /** The listing's original language: the first caption's; the second is in the other language. */
  language: 'en' | 'vi';
  /** Bring "Add screenshot" into view and focus it once loaded (after the create form could not upload some). */
  focusAdd?: boolean;
}) {
  const { t } = useTranslation();
  const query = useScreenshots(workflowId);
  const add = useAddScreenshot(workflowId);
  const arrange = useArrangeScreenshots(workflowId);
  const fileInput = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const loaded = !query.isPending;
  useEffect(() => {
    if (!focusAdd || !loaded) return;
    addButton.current?.scrollIntoView?.({ block: 'center' });
    addButton.current?.focus();
  }, [focusAdd, loaded]);
  const [list, setList] = useState<Screenshot[] | null>(null);
  useEffect(() => {
    if (query.data) setList(query.data.screenshots);
  }, [query.data]);
  const shots = list ?? [];
  const full = shots.length >= SCREENSHOTS_MAX;
  const otherLanguage = language === 'vi' ? 'en' : 'vi';
  const other = t(`publish.texts.languageInText.${otherLanguage}`);
  const busy = add.isPending || arrange.isPending;

  const fail = (error: unknown, fallback: string) =>
    toast.error(t(fallback as 'listing.screenshotsFailed'), {
      description: translateMessage(t, errorKey(error)),
    });
  const saved = (pending: boolean) =>
    pending
      ? toast.success(t('listing.screenshotsAwaitingReview'))
      : toast.success(t('listing.screenshotsSaved'));

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const result = await add.mutateAsync({ file });
      setList(result.screenshots);
      saved(result.pending_review);
    } catch (error) {
      fail(error, 'listing.screenshotsFailed');
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  const move = (index: number, step: number) => {
    const next = [...shots];
    const [item] = next.splice(index, 1);
    next.splice(index + step, 0, item!);
    setList(next);
  };
  const save = async (next: Screenshot[] = shots) => {
    try {
      const result = await arrange.mutateAsync({
        screenshots: next.map((shot) => ({
          id: shot.id,
          caption: originalCaption(shot),
          caption_translation: shot.caption_translation ?? '',
        })),
      });
      setList(result.screenshots);
      saved(result.pending_review);
    } catch (error) {
      fail(error, 'listing.screenshotsFailed');
    }
  };

  return (
    <TitledCard
      data-testid="manage-screenshots"
      title={t('listing.manageScreenshotsTitle')}
      description={t('listing.manageScreenshotsText', { max: SCREENSHOTS_MAX })}
    >
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : shots.length === 0 ? (
        <p className="text-sm text-slate-600">{t('listing.noScreenshots')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {shots.map((shot, index) => (
            <li key={shot.id} className="flex items-start gap-3 rounded-lg border border-slate-100 p-2">
              <img
                src={shot.url}
                width={shot.width}
                height={shot.height}
                alt=""
                className="h-auto w-28 shrink-0 rounded border border-slate-200"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <Input
                  aria-label={t('listing.captionLabel', { number: index + 1 })}
                  placeholder={t('listing.captionPlaceholder')}
                  value={originalCaption(shot)}
                  maxLength={SCREENSHOT_CAPTION_MAX}
                  lang={language}
                  onChange={(event) =>
                    setList(
                      shots.map((item) =>
                        item.id === shot.id ? { ...item, caption_original: event.target.value } : item,
                      ),
                    )
                  }
                />
                <Input
                  aria-label={t('publish.texts.captionTranslation', { number: index + 1, language: other })}
                  placeholder={t('publish.texts.captionTranslationPlaceholder', { language: other })}
                  value={shot.caption_translation ?? ''}
                  maxLength={SCREENSHOT_CAPTION_MAX}
                  lang={otherLanguage}
                  onChange={(event) =>
                    setList(
                      shots.map((item) =>
                        item.id === shot.id ? { ...item, caption_translation: event.target.value } : item,
                      ),
                    )
                  }
                />
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={busy || index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('listing.moveUp', { number: index + 1 })}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={busy || index === shots.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('listing.moveDown', { number: index + 1 })}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={busy}
                    onClick={() => void save(shots.filter((item) => item.id !== shot.id))}
                    aria-label={t('listing.removeScreenshot', { number: index + 1 })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={COVER_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label={t('listing.addScreenshot')}
          id={`screenshot-file-${workflowId}`}
          onChange={(event) => void onFile(event.target.files?.[0])}
          disabled={busy || full}
        />
        <Button
          ref={addButton}
          variant="outline"
          disabled={busy || full}
          onClick={() => fileInput.current?.click()}
        >
          <ImagePlus aria-hidden="true" />
          {add.isPending ? t('listing.addingScreenshot') : t('listing.addScreenshot')}
        </Button>
        {shots.length > 0 && (
          <Button disabled={busy} onClick={() => void save()}>
            {t('listing.saveScreenshots')}
          </Button>
        )}
      </div>
    </TitledCard>
  );
}

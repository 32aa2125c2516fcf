import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Screenshot } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/** A horizontal swipe at least this long (px) moves to the next or previous screenshot. */
const SWIPE_MIN = 40;

/**
 * The listing's screenshots as thumbnails; each opens a viewer (a modal dialog) that moves with the
 * arrow keys, the buttons or a swipe, closes with Escape and gives focus back to the thumbnail.
 * Images carry their stored width and height, so nothing shifts while they load.
 */
export function ScreenshotGallery({ screenshots, title }: { screenshots: Screenshot[]; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  // The thumbnail that opened the viewer gets focus back when it closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  if (screenshots.length === 0) return null;
  const count = screenshots.length;
  return (
    <TitledCard data-testid="screenshot-gallery" title={t('listing.galleryTitle')}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {screenshots.map((shot, index) => (
          <li key={shot.id}>
            <button
              type="button"
              className="block w-full cursor-zoom-in overflow-hidden rounded-lg border border-slate-200 bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-label={t('listing.openScreenshot', { number: index + 1, count })}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpen(index);
              }}
            >
              <img
                src={shot.url}
                width={shot.width}
                height={shot.height}
                alt={shot.caption || t('listing.screenshotAlt', { number: index + 1, title })}
                loading="lazy"
                decoding="async"
                className="aspect-video h-auto w-full object-cover"
              />
            </button>
            {shot.caption && <p className="mt-1 line-clamp-2 text-xs text-slate-600">{shot.caption}</p>}
          </li>
        ))}
      </ul>
      <ScreenshotViewer
        screenshots={screenshots}
        title={title}
        index={open}
        onIndexChange={setOpen}
        onClosed={() => opener.current?.focus()}
      />
    </TitledCard>
  );
}

function ScreenshotViewer({
  screenshots,
  title,
  index,
  onIndexChange,
  onClosed,
}: {
  screenshots: Screenshot[];
  title: string;
  /** The screenshot shown, or null while the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** Where focus goes once the viewer has closed (the thumbnail that opened it). */
  onClosed?: () => void;
}) {
  const { t } = useTranslation();
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const count = screenshots.length;
  // While closing, the last screenshot stays in the dialog until it is gone.
  const last = useRef(0);
  if (index !== null) last.current = index;
  const at = index ?? last.current;
  const shown = screenshots[at];
  const go = (step: number) => {
    if (index === null) return;
    onIndexChange((index + step + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN || Math.abs(dx) < Math.abs(dy)) return;
    go(dx < 0 ? 1 : -1);
  };
  return (
    <Dialog
      open={index !== null && shown !== undefined}
      onOpenChange={(next) => !next && onIndexChange(null)}
    >
      {shown && (
        <DialogContent
          className="max-w-5xl"
          title={t('listing.viewerTitle', { number: at + 1, count })}
          description={t('listing.viewerHint')}
          closeLabel={t('listing.close')}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            if (!onClosed) return;
            event.preventDefault();
            onClosed();
          }}
          data-testid="screenshot-viewer"
        >
          <figure className="flex flex-col items-center gap-3">
            <div
              className="flex w-full touch-pan-y justify-center select-none"
              onPointerDown={onPointerDown}
              onPointerUp={onPointerUp}
              onPointerCancel={() => (swipeStart.current = null)}
              data-testid="screenshot-stage"
            >
              <img
                src={shown.url}
                width={shown.width}
                height={shown.height}
                alt={shown.caption || t('listing.screenshotAlt', { number: at + 1, title })}
                className="h-auto max-h-[70vh] w-auto max-w-full rounded-lg object-contain"
                draggable={false}
              />
            </div>
            {shown.caption && (
              <figcaption className="text-center text-sm text-slate-700">{shown.caption}</figcaption>
            )}
          </figure>
          {count > 1 && (
            <div className="mt-4 flex items-center justify-between gap-3">
              <Button variant="outline" onClick={() => go(-1)} aria-label={t('listing.previous')}>
                <ChevronLeft aria-hidden="true" />
              </Button>
              <p className="text-sm text-slate-600" aria-live="polite">
                {at + 1} / {count}
              </p>
              <Button variant="outline" onClick={() => go(1)} aria-label={t('listing.next')}>
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

import type { ListingLanguage, Screenshot } from '@flowbay/domain';
import type { ListingScreenshot } from '../../db/schema.ts';

/**
 * A text written in the listing's original language with an optional one in the other language:
 * the other one when the caller reads that language and it was written, else the original. Without
 * a wanted language (a caller that does not say) the original.
 */
export function shownText(
  original: string,
  translation: string | null | undefined,
  listingLanguage: ListingLanguage,
  wanted: ListingLanguage | undefined,
): string {
  return wanted && wanted !== listingLanguage && translation ? translation : original;
}

/** A stored screenshot as the API shows it: its caption in the caller's language when written. */
export function screenshotOf(
  shot: Pick<ListingScreenshot, 'id' | 'key' | 'width' | 'height' | 'caption' | 'captionTranslation'>,
  url: string,
  listingLanguage: ListingLanguage,
  wanted: ListingLanguage | undefined,
): Screenshot {
  return {
    id: shot.id,
    url,
    width: shot.width,
    height: shot.height,
    caption: shownText(shot.caption, shot.captionTranslation, listingLanguage, wanted),
    caption_original: shot.caption,
    caption_translation: shot.captionTranslation ?? '',
  };
}

/** A version's notes as the API shows them: in the caller's language when written, and both as stored. */
export function versionNotesOf(
  version: { notes: string; notesTranslation: string },
  listingLanguage: ListingLanguage,
  wanted: ListingLanguage | undefined,
) {
  return {
    notes: shownText(version.notes, version.notesTranslation, listingLanguage, wanted),
    notes_original: version.notes,
    notes_translation: version.notesTranslation,
  };
}

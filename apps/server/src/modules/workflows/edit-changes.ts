import type { EditChanges } from './workflows.repository.ts';

/** A pending edit as the API shows it (the contract's field names; storage keys stay inside). */
export function publicChanges(
  changes: EditChanges,
  /** Where a screenshot is served; without it a changed list shows only as `screenshots_changed`. */
  publicUrl?: (key: string) => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (changes.title !== undefined) out.title = changes.title;
  if (changes.description !== undefined) out.description = changes.description;
  if (changes.language !== undefined) out.language = changes.language;
  // The whole translation as it would be listed (null: the edit removes it).
  if (changes.translation !== undefined) out.translation = changes.translation;
  if (changes.price !== undefined) out.price = changes.price;
  if (changes.commercialPrice !== undefined) out.commercial_price = changes.commercialPrice;
  if (changes.agencyPrice !== undefined) out.agency_price = changes.agencyPrice;
  if (changes.agencyClients !== undefined) out.agency_clients = changes.agencyClients;
  if (changes.coverKey !== undefined) out.cover_changed = true;
  if (changes.testedWith !== undefined) out.tested_with = changes.testedWith;
  if (changes.zapierShareUrl !== undefined) out.zapier_share_url = changes.zapierShareUrl;
  if (changes.showNotesBeforePurchase !== undefined)
    out.show_notes_before_purchase = changes.showNotesBeforePurchase;
  if (changes.faq !== undefined) out.faq = changes.faq;
  if (changes.screenshots !== undefined) {
    out.screenshots_changed = true;
    if (publicUrl) {
      out.screenshots = changes.screenshots.map(
        ({ id, key, width, height, caption, captionTranslation }) => ({
          id,
          url: publicUrl(key),
          width,
          height,
          caption,
          caption_translation: captionTranslation ?? '',
        }),
      );
    }
  }
  if (changes.categoryIds) out.category_ids = changes.categoryIds;
  if (changes.subcategoryIds) out.subcategory_ids = changes.subcategoryIds;
  return out;
}

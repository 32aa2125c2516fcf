import type { EditChanges } from './workflows.repository.ts';

/** A pending edit as the API shows it (the contract's field names; storage keys stay inside). */
export function publicChanges(changes: EditChanges): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (changes.title !== undefined) out.title = changes.title;
  if (changes.description !== undefined) out.description = changes.description;
  if (changes.price !== undefined) out.price = changes.price;
  if (changes.coverKey !== undefined) out.cover_changed = true;
  if (changes.testedWith !== undefined) out.tested_with = changes.testedWith;
  if (changes.zapierShareUrl !== undefined) out.zapier_share_url = changes.zapierShareUrl;
  if (changes.showNotesBeforePurchase !== undefined)
    out.show_notes_before_purchase = changes.showNotesBeforePurchase;
  if (changes.categoryIds) out.category_ids = changes.categoryIds;
  if (changes.subcategoryIds) out.subcategory_ids = changes.subcategoryIds;
  return out;
}

import { z } from 'zod';
import { ZAPIER_SHARE_LINK_MAX, isZapierShareLink } from '@flowbay/domain/make';
import {
  COVER_TYPES,
  DESCRIPTION_MAX,
  MAX_UPLOAD_BYTES,
  PRICE_PROBLEM_KEYS,
  TESTED_WITH_MAX,
  TITLE_MAX,
  TITLE_MIN,
  VALIDATION_KEYS as K,
  readPrice,
} from '@flowbay/domain';
import { ApiRequestError } from '@/lib/api-client';

/**
 * Price as typed, read the way the server reads it ("99.000" and "99,000" are 99,000 đồng; empty is
 * free; a paid price is 10,000 to 100,000,000). Messages are i18n keys, translated where shown.
 */
export const priceField = z.string().transform((value, ctx) => {
  const reading = readPrice(value);
  if (reading.ok) return reading.amount;
  ctx.addIssue({ code: 'custom', message: PRICE_PROBLEM_KEYS[reading.problem], input: value });
  return z.NEVER;
});

/** Whether the typed price is a paid one (it then needs a cover). */
export function isPaidPrice(text: string): boolean {
  const reading = readPrice(text);
  return reading.ok && reading.amount > 0;
}

export const titleField = z
  .string()
  .trim()
  .min(TITLE_MIN, { error: K.titleMin })
  .max(TITLE_MAX, { error: K.titleMax });
export const descriptionField = z.string().max(DESCRIPTION_MAX, { error: K.descriptionMax });

const coverTypes: readonly string[] = COVER_TYPES;

export const testedWithField = z.string().trim().max(TESTED_WITH_MAX, { error: K.testedWithMax });
/** Optional; only a Zapier workflow shows it (the server refuses it on another platform). */
export const zapierShareUrlField = z
  .string()
  .trim()
  .max(ZAPIER_SHARE_LINK_MAX, { error: 'errors.ZAPIER_LINK_INVALID' })
  .refine((value) => value === '' || isZapierShareLink(value), { error: 'errors.ZAPIER_LINK_INVALID' })
  .default('');
/** A paid listing's structure preview shows its notes' text before purchase only when ticked. */
export const showNotesField = z.boolean().default(false);
export const platformsField = z.array(z.string()).min(1, { error: K.platformRequired });
export const useCasesField = z.array(z.string()).min(1, { error: K.jobTypeRequired });
export const coverField = z
  .instanceof(File)
  .nullable()
  .refine((file) => !file || coverTypes.includes(file.type), { error: 'publish.coverType' })
  .refine((file) => !file || file.size <= MAX_UPLOAD_BYTES, { error: 'errors.FILE_TOO_LARGE' });

export const createWorkflowFormSchema = z
  .object({
    title: titleField,
    description: descriptionField,
    price: priceField,
    category_ids: platformsField,
    subcategory_ids: useCasesField,
    tested_with: testedWithField,
    zapier_share_url: zapierShareUrlField,
    show_notes_before_purchase: showNotesField,
    file: z
      .instanceof(File, { error: K.fileRequired })
      .nullable()
      .refine((file) => file !== null, { error: K.fileRequired })
      .refine((file) => !file || file.size <= MAX_UPLOAD_BYTES, { error: 'errors.FILE_TOO_LARGE' }),
    cover: coverField,
  })
  .superRefine((values, ctx) => {
    // Buyers see only the cover before they pay, so a paid workflow needs one.
    if (values.price > 0 && !values.cover)
      ctx.addIssue({ code: 'custom', path: ['cover'], message: K.coverRequired });
  });

export type CreateWorkflowFormInput = z.input<typeof createWorkflowFormSchema>;
export type CreateWorkflowFormValues = z.output<typeof createWorkflowFormSchema>;

/** The API's field names → the form's. */
const FIELD_OF: Record<string, string> = {
  cover_image_url: 'cover',
  file_url: 'file',
  'category_ids.0': 'category_ids',
  'subcategory_ids.0': 'subcategory_ids',
};

/**
 * A server refusal that belongs to one field (`field` plus `details.messageKey`, or a file code),
 * as the form field and the i18n key to show there; null for errors that are not about a field.
 */
export function fieldErrorOf(
  error: unknown,
  fields: readonly string[],
): { field: string; key: string } | null {
  if (!(error instanceof ApiRequestError) || !error.field) return null;
  const name = FIELD_OF[error.field] ?? error.field.split('.')[0]!;
  if (!fields.includes(name)) return null;
  const messageKey = (error.details as { messageKey?: unknown } | undefined)?.messageKey;
  return { field: name, key: typeof messageKey === 'string' ? messageKey : `errors.${error.code}` };
}

import { z } from 'zod';
import {
  COVER_TYPES,
  DESCRIPTION_MAX,
  MAX_UPLOAD_BYTES,
  PRICE_MAX,
  TESTED_WITH_MAX,
  TITLE_MAX,
  TITLE_MIN,
  VALIDATION_KEYS as K,
} from '@flowbay/domain';
import { ApiRequestError } from '@/lib/api-client';

/**
 * Price as typed: empty means free (0); otherwise a whole, non-negative number of đồng.
 * Messages are i18n keys (spec section 5), translated where they are shown.
 */
export const priceField = z
  .string()
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .transform((value) => (value === '' ? 0 : Number(value)))
      .pipe(
        z
          .number({ error: K.priceNonNegative })
          .refine(Number.isFinite, { error: K.priceNonNegative })
          .min(0, { error: K.priceNonNegative })
          .int({ error: K.priceWhole })
          .max(PRICE_MAX, { error: K.priceMax }),
      ),
  );

export const titleField = z
  .string()
  .trim()
  .min(TITLE_MIN, { error: K.titleMin })
  .max(TITLE_MAX, { error: K.titleMax });
export const descriptionField = z.string().max(DESCRIPTION_MAX, { error: K.descriptionMax });

const coverTypes: readonly string[] = COVER_TYPES;

export const createWorkflowFormSchema = z
  .object({
    title: titleField,
    description: descriptionField,
    price: priceField,
    category_ids: z.array(z.string()).min(1, { error: K.platformRequired }),
    subcategory_ids: z.array(z.string()).min(1, { error: K.jobTypeRequired }),
    tested_with: z.string().trim().max(TESTED_WITH_MAX, { error: K.testedWithMax }),
    file: z
      .instanceof(File, { error: K.fileRequired })
      .nullable()
      .refine((file) => file !== null, { error: K.fileRequired })
      .refine((file) => !file || file.size <= MAX_UPLOAD_BYTES, { error: 'errors.FILE_TOO_LARGE' }),
    cover: z
      .instanceof(File)
      .nullable()
      .refine((file) => !file || coverTypes.includes(file.type), { error: 'publish.coverType' })
      .refine((file) => !file || file.size <= MAX_UPLOAD_BYTES, { error: 'errors.FILE_TOO_LARGE' }),
  })
  .superRefine((values, ctx) => {
    // Buyers see only the cover before they pay, so a paid workflow needs one (spec section 5).
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

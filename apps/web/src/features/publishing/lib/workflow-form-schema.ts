import { z } from 'zod';
import { ZAPIER_SHARE_LINK_MAX, isZapierShareLink } from '@flowbay/domain/make';
import {
  AGENCY_CLIENTS_MAX,
  COVER_TYPES,
  DESCRIPTION_MAX,
  MAX_UPLOAD_BYTES,
  PAID_PRICE_MIN,
  PRICE_PROBLEM_KEYS,
  TESTED_WITH_MAX,
  TITLE_MAX,
  TITLE_MIN,
  VALIDATION_KEYS as K,
  readPrice,
  type FaqItem,
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

/**
 * A Commercial or Agency licence's price as typed, and the Agency licence's number of clients. They
 * stay text here: a free listing neither shows nor sends them, so they are read and checked only for
 * a paid one (checkTiers), and sent as read by tierBody.
 */
export const tierPriceField = z.string().default('');
export const agencyClientsField = z.string().default('');

/** The tier fields as typed, beside the price as read (Personal is `price`). */
export interface TierText {
  price: number;
  commercial_price: string;
  agency_price: string;
  agency_clients: string;
}

/** A tier price as typed: null when empty or 0 (not offered), else the amount or the problem's key. */
function readTierPrice(text: string): { amount: number | null } | { problem: string } {
  const reading = readPrice(text);
  if (!reading.ok) return { problem: PRICE_PROBLEM_KEYS[reading.problem] };
  return { amount: reading.amount > 0 ? reading.amount : null };
}

/** The number of clients as typed: null when empty, else a whole number from 1 to AGENCY_CLIENTS_MAX. */
function readClients(text: string): { count: number | null } | { problem: string } {
  const value = text.trim();
  if (value === '') return { count: null };
  const count = /^\d+$/.test(value) ? Number(value) : NaN;
  return count >= 1 && count <= AGENCY_CLIENTS_MAX
    ? { count }
    : { problem: 'publish.tiers.agencyClientsRange' };
}

/**
 * The rules the server checks (LICENCE_PRICES_INVALID), each at its own field, on a paid listing:
 * a tier price reads like the price, the Commercial licence costs at least PAID_PRICE_MIN more than
 * the Personal one, the Agency licence as much more than the one below it, and an Agency licence
 * names its number of clients. A free listing offers no tiers and they are not checked.
 */
export function checkTiers(values: TierText, ctx: z.RefinementCtx) {
  if (values.price <= 0) return;
  const issue = (path: keyof TierText, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const commercial = readTierPrice(values.commercial_price);
  const agency = readTierPrice(values.agency_price);
  const clients = readClients(values.agency_clients);
  if ('problem' in commercial) issue('commercial_price', commercial.problem);
  else if (commercial.amount !== null && commercial.amount < values.price + PAID_PRICE_MIN)
    issue('commercial_price', 'publish.tiers.commercialAbove');
  const below = 'amount' in commercial ? commercial.amount : null;
  if ('problem' in agency) issue('agency_price', agency.problem);
  else if (agency.amount !== null && agency.amount < (below ?? values.price) + PAID_PRICE_MIN)
    issue('agency_price', below === null ? 'publish.tiers.agencyAbovePersonal' : 'publish.tiers.agencyAbove');
  if ('problem' in clients) issue('agency_clients', clients.problem);
  else if ('amount' in agency && agency.amount !== null && clients.count === null)
    issue('agency_clients', 'publish.tiers.agencyClientsRequired');
}

/**
 * What the API is sent for the tiers of values that passed checkTiers: none on a free listing, and no
 * client count without an Agency licence.
 */
export function tierBody(values: TierText) {
  const amount = (text: string) => {
    const reading = readTierPrice(text);
    return values.price > 0 && 'amount' in reading ? reading.amount : null;
  };
  const agency = amount(values.agency_price);
  const clients = readClients(values.agency_clients);
  return {
    commercial_price: amount(values.commercial_price),
    agency_price: agency,
    agency_clients: agency !== null && 'count' in clients ? clients.count : null,
  };
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

/** The listing's languages; its original is one of them, the other is an optional translation. */
export const TEXT_LANGUAGES = ['en', 'vi'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];
export const otherTextLanguage = (language: TextLanguage): TextLanguage => (language === 'vi' ? 'en' : 'vi');

/**
 * The listing's texts as typed, in both languages side by side (`title_en`, `title_vi`, …), and which
 * one is the original (`language`). The FAQs are kept beside the form (FaqItem lists per language).
 */
export const listingTextFields = {
  language: z.enum(TEXT_LANGUAGES),
  title_en: z.string(),
  description_en: z.string(),
  title_vi: z.string(),
  description_vi: z.string(),
};
export interface ListingTextValues {
  language: TextLanguage;
  title_en: string;
  description_en: string;
  title_vi: string;
  description_vi: string;
}

/**
 * The server's rules at the fields of the right column: the original needs a title and the
 * description's length; a translation is optional, but one with any text (or `translatedFaq`
 * questions) needs a title too.
 */
export function checkListingTexts(values: ListingTextValues, translatedFaq: boolean, ctx: z.RefinementCtx) {
  const original = values.language;
  const other = otherTextLanguage(original);
  const issue = (path: keyof ListingTextValues, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const check = (language: TextLanguage, required: boolean) => {
    const title = (values[`title_${language}`] ?? '').trim();
    const description = values[`description_${language}`] ?? '';
    if (required || title || description.trim() || (language === other && translatedFaq)) {
      const titleProblem = titleField.safeParse(title).error?.issues[0]?.message;
      if (titleProblem)
        issue(`title_${language}`, title === '' && !required ? TRANSLATION_TITLE_REQUIRED : titleProblem);
    }
    const descriptionProblem = descriptionField.safeParse(description).error?.issues[0]?.message;
    if (descriptionProblem) issue(`description_${language}`, descriptionProblem);
  };
  check(original, true);
  check(other, false);
}
const TRANSLATION_TITLE_REQUIRED = 'publish.texts.translationTitleRequired';
/**
 * The texts' rules run even when another field failed (a refinement is skipped then by default), so an
 * empty form shows the title's message beside the others; they read only the text fields.
 */
export const ALWAYS = { when: () => true };

/** What the API is sent for the texts: the original's title and description, its language and the translation. */
export function listingTextsBody(values: ListingTextValues, faq: Record<TextLanguage, FaqItem[]>) {
  const original = values.language;
  const other = otherTextLanguage(original);
  const title = values[`title_${other}`].trim();
  const description = values[`description_${other}`];
  const translatedFaq = faq[other];
  const empty = !title && !description.trim() && translatedFaq.length === 0;
  return {
    language: original,
    title: values[`title_${original}`],
    description: values[`description_${original}`],
    translation: empty ? null : { title, description, faq: translatedFaq },
  };
}

/** The listing's texts as the form starts them: from the approved texts per language, else the shown ones. */
export function initialListingTexts(workflow: {
  title: string;
  description: string;
  language?: TextLanguage;
  texts?: Record<TextLanguage, { title: string; description: string; faq: FaqItem[] } | null>;
  faq: FaqItem[];
}): { values: ListingTextValues; faq: Record<TextLanguage, FaqItem[]> } {
  const language = workflow.language ?? 'en';
  const texts = workflow.texts ?? {
    [language]: { title: workflow.title, description: workflow.description, faq: workflow.faq },
    [otherTextLanguage(language)]: null,
  };
  return {
    values: {
      language,
      title_en: texts.en?.title ?? '',
      description_en: texts.en?.description ?? '',
      title_vi: texts.vi?.title ?? '',
      description_vi: texts.vi?.description ?? '',
    },
    faq: { en: texts.en?.faq ?? [], vi: texts.vi?.faq ?? [] },
  };
}

/**
 * A server refusal of one of the texts, at the column it belongs to: `title` and `description` are the
 * original's, `translation.*` the other language's; `faq` answers the column whose questions it is.
 */
export function listingTextErrorOf(
  error: unknown,
  language: TextLanguage,
): { field: keyof ListingTextValues | `faq_${TextLanguage}`; key: string } | null {
  if (!(error instanceof ApiRequestError) || !error.field) return null;
  const [first, second] = error.field.split('.');
  const translated = first === 'translation';
  const column = translated ? otherTextLanguage(language) : language;
  const name = translated ? (second ?? 'title') : first;
  const messageKey = (error.details as { messageKey?: unknown } | undefined)?.messageKey;
  const key = typeof messageKey === 'string' ? messageKey : `errors.${error.code}`;
  if (name === 'title' || name === 'description') return { field: `${name}_${column}`, key };
  if (name === 'faq') return { field: `faq_${column}`, key };
  return null;
}

export const createWorkflowFormSchema = z
  .object({
    ...listingTextFields,
    price: priceField,
    category_ids: platformsField,
    subcategory_ids: useCasesField,
    tested_with: testedWithField,
    zapier_share_url: zapierShareUrlField,
    show_notes_before_purchase: showNotesField,
    commercial_price: tierPriceField,
    agency_price: tierPriceField,
    agency_clients: agencyClientsField,
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
    checkTiers(values, ctx);
  })
  .superRefine((values, ctx) => checkListingTexts(values, false, ctx), ALWAYS);

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

import { z } from 'zod';
import {
  CheckWarning,
  NodeSummary,
  MODERATION_DECISIONS,
  SecretFinding,
  WORKFLOW_STATUSES,
} from './common.ts';
import {
  DESCRIPTION_MAX,
  FAQ_ANSWER_MAX,
  FAQ_MAX,
  FAQ_QUESTION_MAX,
  SCREENSHOT_CAPTION_MAX,
  SCREENSHOTS_MAX,
  TITLE_MAX,
  TITLE_MIN,
  VERSION_MAX,
  VERSION_NOTES_MAX,
} from './limits.ts';
import { checkPriceAmount, readPrice, type PriceProblem } from './price.ts';
import { AGENCY_CLIENTS_MAX } from './licences.ts';
import { ZAPIER_SHARE_LINK_MAX } from './make.ts';
import { REPORT_REASONS } from './reports.ts';
import { stripBidiControls } from './bidi.ts';
import { N8nCompatibility, SafetyFinding, SetupEstimate, SEVERITIES } from './checks.ts';

/**
 * Validation messages are i18n keys (their wording lives in the web app's en/vi files
 * and in the server's messages). The API answers `field` plus `details.messageKey`.
 */
export const VALIDATION_KEYS = {
  titleMin: 'validation.titleMin',
  titleMax: 'validation.titleMax',
  descriptionMax: 'validation.descriptionMax',
  priceNonNegative: 'validation.priceNonNegative',
  priceWhole: 'validation.priceWhole',
  priceMax: 'validation.priceMax',
  platformRequired: 'validation.platformRequired',
  jobTypeRequired: 'validation.jobTypeRequired',
  unknownPlatform: 'validation.unknownPlatform',
  unknownJobType: 'validation.unknownJobType',
  coverRequired: 'validation.coverRequired',
  fileRequired: 'validation.fileRequired',
  fileAndVersionRequired: 'validation.fileAndVersionRequired',
  versionFormat: 'validation.versionFormat',
  testedWithMax: 'validation.testedWithMax',
  reasonRequired: 'validation.reasonRequired',
  reportReason: 'validation.reportReason',
  detailsMax: 'validation.detailsMax',
  uploadFolder: 'validation.uploadFolder',
  nulCharacter: 'validation.nulCharacter',
  priceMin: 'validation.priceMin',
  faqMax: 'validation.faqMax',
  faqQuestion: 'validation.faqQuestion',
  faqAnswer: 'validation.faqAnswer',
  notesRequired: 'validation.notesRequired',
  notesMax: 'validation.notesMax',
  captionMax: 'validation.captionMax',
  screenshotsMax: 'validation.screenshotsMax',
  n8nRelease: 'validation.n8nRelease',
  approvalNoteMax: 'validation.approvalNoteMax',
} as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

const K = VALIDATION_KEYS;
export const TESTED_WITH_MAX = 60;
export const REASON_MAX = 1000;
export const UPLOAD_FOLDERS = ['workflows', 'covers'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

const title = z
  .string({ error: K.titleMin })
  .overwrite(stripBidiControls)
  .trim()
  .min(TITLE_MIN, { error: K.titleMin })
  .max(TITLE_MAX, { error: K.titleMax });
const description = z.string({ error: K.descriptionMax }).max(DESCRIPTION_MAX, { error: K.descriptionMax });
export const PRICE_PROBLEM_KEYS: Record<PriceProblem, ValidationKey> = {
  nonNegative: K.priceNonNegative,
  whole: K.priceWhole,
  min: K.priceMin,
  max: K.priceMax,
};
/**
 * Whole đồng: 0 (free) or a paid price within PAID_PRICE_MIN..PRICE_MAX. Text is read the Vietnamese
 * way ("99.000" is 99,000 đồng), so a client that sends what the seller typed cannot save 99 by mistake.
 */
const price = z
  .union([z.number(), z.string().max(40)], { error: K.priceNonNegative })
  .transform((value, ctx) => {
    const reading = typeof value === 'number' ? checkPriceAmount(value) : readPrice(value);
    if (reading.ok) return reading.amount;
    ctx.addIssue({ code: 'custom', message: PRICE_PROBLEM_KEYS[reading.problem], input: value });
    return z.NEVER;
  });
/** How many clients an Agency licence covers. */
const agencyClients = z.number().int().min(1).max(AGENCY_CLIENTS_MAX);
/** A reference returned by POST /api/uploads (`upload://…`, the cover's URL, or the bare key). */
const uploadRef = z.string().trim().max(2048);
const testedWith = z.string().trim().max(TESTED_WITH_MAX, { error: K.testedWithMax });
/** Checked by the server (ZAPIER_LINK_INVALID names the field); the schema only bounds its size. */
const zapierShareUrl = z.string().trim().max(ZAPIER_SHARE_LINK_MAX);
const categoryIds = z.array(z.string().min(1).max(64)).max(10).min(1, { error: K.platformRequired });
const subcategoryIds = z.array(z.string().min(1).max(64)).max(20).min(1, { error: K.jobTypeRequired });
export const VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z._+-]*$/;
const version = z
  .string({ error: K.fileAndVersionRequired })
  .trim()
  .min(1, { error: K.fileAndVersionRequired })
  .max(VERSION_MAX, { error: K.versionFormat })
  .regex(VERSION_RE, { error: K.versionFormat });

/** One question and its answer in a listing's FAQ (plain text, shown as written). */
export const FaqItem = z.object({
  question: z
    .string({ error: K.faqQuestion })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, { error: K.faqQuestion })
    .max(FAQ_QUESTION_MAX, { error: K.faqQuestion }),
  answer: z
    .string({ error: K.faqAnswer })
    .trim()
    .min(1, { error: K.faqAnswer })
    .max(FAQ_ANSWER_MAX, { error: K.faqAnswer }),
});
export type FaqItem = z.infer<typeof FaqItem>;
const faq = z.array(FaqItem, { error: K.faqMax }).max(FAQ_MAX, { error: K.faqMax });

/** A listing's original language; the server detects it from the text when a client leaves it out. */
const listingLanguage = z.enum(['en', 'vi']);
/**
 * The listing's texts in the language other than `language` (docs/decisions/0173): the title is
 * required, the rest optional; null on an update removes the translation.
 */
export const ListingTranslationInput = z.object({
  title,
  description: description.default(''),
  faq: faq.default([]),
});
export type ListingTranslationInput = z.infer<typeof ListingTranslationInput>;

/** What changed in a version, in either language (shown on the detail page and to the reviewer). */
export const versionNotes = z
  .string({ error: K.notesRequired })
  .trim()
  .min(1, { error: K.notesRequired })
  .max(VERSION_NOTES_MAX, { error: K.notesMax });

/**
 * PUT /api/workflows/{id}/screenshots: the listing's screenshots in their new order with their
 * captions; one left out is removed. New ones are added with POST (multipart) first.
 */
export const ScreenshotsInput = z.object({
  screenshots: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        caption: z
          .string()
          .overwrite(stripBidiControls)
          .trim()
          .max(SCREENSHOT_CAPTION_MAX, { error: K.captionMax })
          .default(''),
        /** The caption in the listing's other language ('' for none). */
        caption_translation: z
          .string()
          .overwrite(stripBidiControls)
          .trim()
          .max(SCREENSHOT_CAPTION_MAX, { error: K.captionMax })
          .default(''),
      }),
    )
    .max(SCREENSHOTS_MAX, { error: K.screenshotsMax }),
});
export type ScreenshotsInput = z.infer<typeof ScreenshotsInput>;

/**
 * POST /api/workflows: the public contract's fields plus taxonomy, so the workflow, its links and its first
 * version are created in one transaction. Without category_ids/subcategory_ids the
 * separate link endpoints are used afterwards.
 */
export const CreateWorkflowInput = z.object({
  title,
  description: description.default(''),
  /** The language `title`, `description` and `faq` are written in. */
  language: listingLanguage.optional(),
  translation: ListingTranslationInput.nullish(),
  price: price.default(0),
  /** The Commercial and Agency licences' prices (null: not offered) and the Agency licence's client count. */
  commercial_price: price.nullish(),
  agency_price: price.nullish(),
  agency_clients: agencyClients.nullish(),
  cover_image_url: uploadRef.nullish(),
  file_url: z.string({ error: K.fileRequired }).trim().min(1, { error: K.fileRequired }).max(2048),
  version: version.optional(),
  tested_with: testedWith.nullish(),
  zapier_share_url: zapierShareUrl.nullish(),
  /** Whether a paid listing's structure preview shows its sticky notes' text before purchase. */
  show_notes_before_purchase: z.boolean().optional(),
  faq: faq.optional(),
  category_ids: categoryIds.optional(),
  subcategory_ids: subcategoryIds.optional(),
});
export type CreateWorkflowInput = z.infer<typeof CreateWorkflowInput>;

/** PUT /api/workflows/{id}: any subset. `updated_at` is what older clients send; it is ignored. */
export const UpdateWorkflowInput = z.object({
  title: title.optional(),
  description: description.optional(),
  language: listingLanguage.optional(),
  /** Replaces the translation as a whole; null removes it. */
  translation: ListingTranslationInput.nullish(),
  price: price.optional(),
  commercial_price: price.nullish(),
  agency_price: price.nullish(),
  agency_clients: agencyClients.nullish(),
  cover_image_url: uploadRef.nullish(),
  tested_with: testedWith.nullish(),
  zapier_share_url: zapierShareUrl.nullish(),
  /** Whether a paid listing's structure preview shows its sticky notes' text before purchase. */
  show_notes_before_purchase: z.boolean().optional(),
  faq: faq.optional(),
  category_ids: categoryIds.optional(),
  subcategory_ids: subcategoryIds.optional(),
  updated_at: z.string().max(64).optional(),
});
export type UpdateWorkflowInput = z.infer<typeof UpdateWorkflowInput>;

export const CreateVersionInput = z.object({
  version,
  notes: versionNotes,
  /** What changed, in the listing's other language ('' or absent: none). */
  notes_translation: z.string().trim().max(VERSION_NOTES_MAX, { error: K.notesMax }).optional(),
  file_url: z
    .string({ error: K.fileAndVersionRequired })
    .trim()
    .min(1, { error: K.fileAndVersionRequired })
    .max(2048),
});
export type CreateVersionInput = z.infer<typeof CreateVersionInput>;

export const LinkCategoriesInput = z
  .array(z.object({ workflow_id: z.string().uuid(), category_id: z.string().min(1).max(64) }))
  .min(1, { error: K.platformRequired })
  .max(10);
export const LinkSubcategoriesInput = z
  .array(z.object({ workflow_id: z.string().uuid(), subcategory_id: z.string().min(1).max(64) }))
  .min(1, { error: K.jobTypeRequired })
  .max(20);

export const RejectInput = z.object({
  reason: z.string({ error: K.reasonRequired }).trim().min(1, { error: K.reasonRequired }).max(REASON_MAX),
});

/** The longest note an admin can keep with an approval. */
export const APPROVAL_NOTE_MAX = 2000;

/**
 * The approve decision's body: a note, required (non-blank) when the listing's file has a `high`
 * safety finding (error APPROVAL_NOTE_REQUIRED); kept with the decision.
 */
export const ApproveInput = z.object({
  note: z.string().trim().max(APPROVAL_NOTE_MAX, { error: K.approvalNoteMax }).optional(),
});
export type ApproveInput = z.infer<typeof ApproveInput>;

export { REPORT_REASONS, type ReportReason } from './reports.ts';
export const ReportInput = z.object({
  reason: z.enum(REPORT_REASONS, { error: K.reportReason }),
  details: z.string().trim().max(REASON_MAX, { error: K.detailsMax }).default(''),
});
export const ResolveReportInput = z.object({
  action: z.enum(['unlist', 'dismiss']),
  note: z.string().trim().max(REASON_MAX).optional(),
});

export const FavoriteInput = z.object({ workflow_id: z.string().uuid() });

/* ---------- responses ---------- */

/**
 * What the automated checks found in a version's file, as its author and admins see it: every safety
 * finding with its node's name, the n8n compatibility (n8n files; `upgrades` lists outdated nodes)
 * and the setup estimate. Null parts were not computed yet (a version stored before the checks).
 */
export const VersionCheckResult = z.object({
  checked_at: z.string().nullable(),
  safety: z.array(SafetyFinding),
  highest_severity: z.enum(SEVERITIES).nullable(),
  compatibility: N8nCompatibility.nullable(),
  setup: SetupEstimate.nullable(),
});
export type VersionCheckResult = z.infer<typeof VersionCheckResult>;

export const UploadResult = z.object({
  /** Covers: the public address. Workflow files: an `upload://` reference usable only by its owner. */
  url: z.string(),
  key: z.string(),
  folder: z.enum(UPLOAD_FOLDERS),
  size: z.number().int(),
  thumb_url: z.string().nullable(),
  /** Workflow files: what the parser found. */
  summary: NodeSummary.omit({ apps: true }).nullable(),
  /** Secrets removed from the stored file (only when the upload asked for redaction). */
  redacted: z.array(SecretFinding),
  warnings: z.array(CheckWarning),
  /** Workflow files: the safety findings, compatibility and setup estimate; null for covers. */
  checks: VersionCheckResult.nullable(),
});
export type UploadResult = z.infer<typeof UploadResult>;

export const ModerationState = z.object({
  status: z.enum(WORKFLOW_STATUSES),
  /** The last decision on this workflow, with the reason of a rejection. */
  last_decision: z
    .object({
      decision: z.enum(MODERATION_DECISIONS),
      reason: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
  pending_versions: z.array(z.object({ id: z.string(), version: z.string(), created_at: z.string() })),
  /** Changes to the listed content waiting for review. */
  pending_edit: z.record(z.string(), z.unknown()).nullable(),
});
export type ModerationState = z.infer<typeof ModerationState>;

/* ---------- review: what a reviewer is shown about a submitted file ---------- */

/** Platforms the listing declares (its platform links, or those of the pending edit) and the file's own. */
export const PlatformCheck = z.object({
  declared: z.array(z.string()),
  detected: z.string().nullable(),
  mismatch: z.boolean(),
});
export type PlatformCheck = z.infer<typeof PlatformCheck>;

/** A submitted version against the listed one: nodes (`type|name`) and apps added and removed. */
export const VersionDiff = z.object({
  nodes_added: z.array(z.string()),
  nodes_removed: z.array(z.string()),
  apps_added: z.array(z.string()),
  apps_removed: z.array(z.string()),
});
export type VersionDiff = z.infer<typeof VersionDiff>;

/** Another listing with the same file (`identical`) or nearly the same nodes (`similar`). */
export const DuplicateMatch = z.object({
  workflow_id: z.string(),
  title: z.string(),
  status: z.string(),
  path: z.string(),
  match: z.enum(['identical', 'similar']),
  similarity: z.number(),
});
export type DuplicateMatch = z.infer<typeof DuplicateMatch>;

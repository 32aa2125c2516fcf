import { z } from 'zod';

/**
 * Consent per purpose (docs/decisions/0174-consent-and-data-requests.md). Each optional purpose is
 * asked separately, none is pre-ticked, and silence is no consent: a user with no record of a purpose
 * has not consented to it. What the service itself needs (the account, orders, a seller's sale
 * notices) rests on the terms, not on a consent.
 * - `marketing`: news and offers from Flowbay by e-mail;
 * - `workflow_update`: an e-mail when a workflow one bought gets a new version;
 * - `new_listing`: an e-mail when an author one follows lists a new workflow.
 */
export const CONSENT_PURPOSES = ['marketing', 'workflow_update', 'new_listing'] as const;
export const ConsentPurpose = z.enum(CONSENT_PURPOSES);
export type ConsentPurpose = z.infer<typeof ConsentPurpose>;

/** The version of the consent wording the user saw; a new wording gets a new date. */
export const CONSENT_TEXT_VERSION = '2026-11-29';

export const CONSENT_SOURCES = ['sign_up', 'settings', 'unsubscribe'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** One purpose as the user's privacy page shows it: no record is "not granted", `since` null. */
export const ConsentState = z.object({
  purpose: ConsentPurpose,
  granted: z.boolean(),
  since: z.string().nullable(),
  text_version: z.string().nullable(),
});
export type ConsentState = z.infer<typeof ConsentState>;
export const ConsentList = z.object({ consents: z.array(ConsentState) });
export type ConsentList = z.infer<typeof ConsentList>;

export const ConsentBody = z.object({ purpose: ConsentPurpose, granted: z.boolean() }).strict();
export type ConsentBody = z.infer<typeof ConsentBody>;

/** The optional purposes a sign-up ticked (sent with the sign-up form; unknown ones are refused). */
export const SignUpConsents = z.array(ConsentPurpose).max(CONSENT_PURPOSES.length);

/** The rights a data subject may exercise: access, correction, deletion, restriction, objection. */
export const DATA_REQUEST_KINDS = ['access', 'correction', 'deletion', 'restriction', 'objection'] as const;
export const DataRequestKind = z.enum(DATA_REQUEST_KINDS);
export type DataRequestKind = z.infer<typeof DataRequestKind>;
/** Access and deletion are served at once by the data export and the account deletion. */
export const FORM_REQUEST_KINDS = ['correction', 'restriction', 'objection'] as const;

export const DATA_REQUEST_STATUSES = ['open', 'done', 'refused'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

export const PRIVACY_LIMITS = { detailsMin: 10, detailsMax: 4000, answerMin: 1, answerMax: 4000 } as const;

/** Hours the operator has to answer each kind (decision 0174): 72 h, or at once for the self-served ones. */
export const DATA_REQUEST_DUE_HOURS: Record<DataRequestKind, number> = {
  access: 72,
  correction: 72,
  restriction: 72,
  objection: 72,
  deletion: 72,
};

export const DataRequestInput = z
  .object({
    kind: z.enum(FORM_REQUEST_KINDS),
    details: z
      .string()
      .trim()
      .min(PRIVACY_LIMITS.detailsMin, 'too_short')
      .max(PRIVACY_LIMITS.detailsMax, 'too_long'),
  })
  .strict();
export type DataRequestInput = z.infer<typeof DataRequestInput>;

export const DataRequest = z.object({
  id: z.string().uuid(),
  kind: DataRequestKind,
  details: z.string(),
  status: z.enum(DATA_REQUEST_STATUSES),
  due_at: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
});
export type DataRequest = z.infer<typeof DataRequest>;
export const DataRequestList = z.object({ requests: z.array(DataRequest) });
export type DataRequestList = z.infer<typeof DataRequestList>;

/** A request in the administrators' queue: who asked, in which language, and whether it is late. */
export const AdminDataRequest = DataRequest.extend({
  requester_email: z.string(),
  user_id: z.string().nullable(),
  language: z.enum(['en', 'vi']),
  overdue: z.boolean(),
  answered_by: z.string().nullable(),
});
export type AdminDataRequest = z.infer<typeof AdminDataRequest>;
export const AdminDataRequestList = z.object({ requests: z.array(AdminDataRequest) });
export type AdminDataRequestList = z.infer<typeof AdminDataRequestList>;
export const AdminDataRequestsQuery = z.object({ status: z.enum(DATA_REQUEST_STATUSES).optional() });

export const DataRequestAnswerBody = z
  .object({
    status: z.enum(['done', 'refused']),
    answer: z
      .string()
      .trim()
      .min(PRIVACY_LIMITS.answerMin, 'required')
      .max(PRIVACY_LIMITS.answerMax, 'too_long'),
  })
  .strict();
export type DataRequestAnswerBody = z.infer<typeof DataRequestAnswerBody>;

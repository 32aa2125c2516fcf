/** The HTTP statuses an API error is answered with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/**
 * Every stable error code the API answers with, and its HTTP status: a throw names the code, this
 * table gives the status (decision 0145). A code with two statuses names its cases; the thrower picks
 * the case by name. The web app maps each code to an i18n key `errors.<CODE>`.
 *
 * Codes marked "Better Auth" are answered under /api/auth/* with Better Auth's own status, listed here
 * as the client sees it.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  WORKFLOW_NOT_FOUND: 404,
  PROFILE_NOT_FOUND: 404,
  VERSION_NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  USER_ALREADY_EXISTS: 422, // Better Auth
  INVALID_EMAIL_OR_PASSWORD: 401, // Better Auth
  INVALID_EMAIL: 400,
  INVALID_TOKEN: 400,
  PASSWORD_TOO_SHORT: 400, // Better Auth
  PASSWORD_TOO_LONG: 400, // Better Auth
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_JSON: 400,
  NOT_A_WORKFLOW: 400,
  EMPTY_FILE: 400,
  FILE_TOO_LARGE: 413,
  TOO_DEEP: 400,
  TOO_MANY_NODES: 400,
  FILE_TOO_COMPLEX: 400,
  SECRETS_FOUND: 400,
  INVALID_IMAGE: 400,
  UPLOAD_NOT_FOUND: 400,
  VERSION_EXISTS: 409,
  COVER_REQUIRED: 400,
  /** A paid file: an anonymous caller may sign in (401), a signed-in one must buy it (403). */
  PAYMENT_REQUIRED: { anonymous: 401, signedIn: 403 },
  /** No translation provider on this server (503), or the provider failed (502). */
  TRANSLATION_UNAVAILABLE: { notConfigured: 503, providerFailed: 502 },
  N8N_KEY_INVALID: 401,
  N8N_KEY_LIMIT: 409,
  CONFLICT: 409,
  DATABASE_UNAVAILABLE: 503,
  /** A saved secret none of the server's encryption keys opens (decision 0176): the operator must restore the key. */
  SEALED_VALUE_UNREADABLE: 503,
  CROSS_SITE_REQUEST: 403,
  SESSION_NOT_FOUND: 404, // Better Auth
  NOT_FOR_SALE: 409,
  OWN_WORKFLOW: 409,
  ALREADY_PURCHASED: 409,
  CHECKOUT_BUSY: 409,
  PROVIDER_UNAVAILABLE: 400,
  PAYMENT_PROVIDER_ERROR: 502,
  ORDER_NOT_FOUND: 404,
  REFUND_WINDOW_CLOSED: 409,
  REFUND_ALREADY_REQUESTED: 409,
  ORDER_NOT_REFUNDABLE: 409,
  NO_REFUND_REQUEST: 409,
  REFUND_REQUEST_NOT_FOUND: 404,
  REFUND_ANSWER_WINDOW_CLOSED: 409,
  REFUND_ALREADY_ANSWERED: 409,
  /** Approving a listing whose file has a high-severity safety finding takes an admin's note. */
  APPROVAL_NOTE_REQUIRED: 422,
  NO_FAILED_REFUND: 409,
  REFUND_BY_API: 409,
  PAYOUT_ACCOUNT_REQUIRED: 409,
  PAYOUT_ACCOUNT_ON_HOLD: 409,
  PAYOUT_BELOW_MINIMUM: 409,
  PAYOUT_IN_PROGRESS: 409,
  PAYOUT_NOT_FOUND: 404,
  PAYOUT_ALREADY_DECIDED: 409,
  PAYOUT_SENDING: 409,
  PAYOS_PAYOUTS_NOT_CONFIGURED: 409,
  TAX_PROFILE_REQUIRED: 409,
  PLATFORM_MISMATCH: 400,
  VERSION_PLATFORM_CHANGED: 400,
  REVIEW_NOT_ALLOWED: 403,
  OWN_WORKFLOW_REVIEW: 403,
  ALREADY_REVIEWED: 409,
  REVIEW_NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
  PASSWORD_TOO_COMMON: 400, // Better Auth
  PASSWORD_TOO_WEAK: 400, // Better Auth
  WRONG_PASSWORD: 400,
  ACCOUNT_HAS_BALANCE: 409,
  EXPORT_EXPIRED: 410,
  EXPORT_NOT_FOUND: 404,
  INVALID_TAX_CODE: 400,
  INVOICE_NOT_FOUND: 404,
  INVOICE_ALREADY_ISSUED: 409,
  INVOICE_NOT_REQUESTABLE: 409,
  N8N_CONNECTION_NOT_FOUND: 404,
  N8N_CONNECTION_LIMIT: 409,
  N8N_URL_INVALID: 400,
  /** An outbound call to a user-given address that resolves to a private, loopback or link-local one. */
  PRIVATE_ADDRESS_REFUSED: 400,
  /** The user's n8n answered with an error (details carry its status and its own words). */
  N8N_REJECTED: 422,
  N8N_API_KEY_REJECTED: 422,
  N8N_RATE_LIMITED: 429,
  N8N_UNREACHABLE: 502,
  NOT_AN_N8N_WORKFLOW: 409,
  MAKE_CONNECTION_NOT_FOUND: 404,
  MAKE_CONNECTION_LIMIT: 409,
  /** Make refused the call (a token without the scope, a wrong team, a blueprint it will not take). */
  MAKE_REJECTED: 422,
  MAKE_RATE_LIMITED: 429,
  MAKE_UNREACHABLE: 502,
  NOT_A_MAKE_WORKFLOW: 409,
  ZAPIER_LINK_INVALID: 400,
  /** Following oneself (POST /api/users/:id/follow with one's own id). */
  CANNOT_FOLLOW_SELF: 409,
  /** A listing already has SCREENSHOTS_MAX screenshots. */
  SCREENSHOT_LIMIT: 409,
  SCREENSHOT_NOT_FOUND: 404,
  /** The licence tier asked for is not offered by this workflow. */
  LICENCE_NOT_OFFERED: 409,
  /** The buyer already holds this tier or a higher one. */
  LICENCE_ALREADY_OWNED: 409,
  /** Commercial and Agency prices must rise above the tier below, on a paid workflow. */
  LICENCE_PRICES_INVALID: 400,
  /** No code of this seller by that name, or not for this workflow, not started, ended or deactivated. */
  DISCOUNT_CODE_INVALID: 422,
  DISCOUNT_CODE_USED_UP: 409,
  DISCOUNT_CODE_EXISTS: 409,
  DISCOUNT_CODE_NOT_FOUND: 404,
  /** Bundles (decision on bundles). */
  BUNDLE_NOT_FOUND: 404,
  /** An item that is not one of the seller's own listed workflows. */
  BUNDLE_ITEMS_INVALID: 400,
  /** The bundle price is not below what its items cost one by one. */
  BUNDLE_PRICE_TOO_HIGH: 400,
  /** Unlisted, or one of its items is no longer listed. */
  BUNDLE_NOT_FOR_SALE: 409,
  /** The buyer owns enough of it already: nothing is left to pay. */
  BUNDLE_ALREADY_OWNED: 409,
  OWN_BUNDLE: 409,
  PRIVACY_REQUEST_NOT_FOUND: 404,
  /** The request was already answered (done or refused): the record keeps its first answer. */
  PRIVACY_REQUEST_ALREADY_ANSWERED: 409,
} as const satisfies Record<string, ErrorStatus | Readonly<Record<string, ErrorStatus>>>;

type StatusTable = typeof ERROR_STATUS;
export type ErrorCode = keyof StatusTable;

/** Stable error codes the API answers with, in the table's order. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The codes with one status, and the codes whose status depends on a named case. */
export type PlainErrorCode = { [C in ErrorCode]: StatusTable[C] extends number ? C : never }[ErrorCode];
export type CasedErrorCode = Exclude<ErrorCode, PlainErrorCode>;
/** A code with its case: `{ code: 'TRANSLATION_UNAVAILABLE', case: 'providerFailed' }`. */
export type CasedError = { [C in CasedErrorCode]: { code: C; case: keyof StatusTable[C] } }[CasedErrorCode];
/** The codes answered with a given status (`ErrorCodeWith<404>`: the "not found" family). */
export type ErrorCodeWith<S extends ErrorStatus> = {
  [C in PlainErrorCode]: StatusTable[C] extends S ? C : never;
}[PlainErrorCode];

/** The HTTP status of an error code (of its case, for a code with several). */
export function errorStatus(error: PlainErrorCode | CasedError): ErrorStatus {
  if (typeof error === 'string') return ERROR_STATUS[error];
  return (ERROR_STATUS[error.code] as Record<string, ErrorStatus>)[error.case]!;
}

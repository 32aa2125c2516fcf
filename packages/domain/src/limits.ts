/** Business constants (docs/product.md, "Limits"), shared by server and web. */
export const TITLE_MIN = 5;
export const TITLE_MAX = 150;
/** A listing's description: sanitised markdown (markdown-html.ts), docs/decisions (rich listings). */
export const DESCRIPTION_MAX = 20_000;
/** Screenshots per listing; each is stored as WebP at most this wide, with its width and height. */
export const SCREENSHOTS_MAX = 8;
export const SCREENSHOT_MAX_WIDTH = 1600;
export const SCREENSHOT_CAPTION_MAX = 200;
/** The optional product FAQ: question and answer pairs. */
export const FAQ_MAX = 10;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 2000;
/** What changed in a new version (required on every version after the first). */
export const VERSION_NOTES_MAX = 2000;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const PAGE_SIZE = 12;
export const PAGE_LIMIT_MAX = 48;
export const FEATURED_COUNT = 8;
export const SEARCH_MAX = 200;
/** A paid price lies between these, in whole đồng (docs/decisions/0120-price-input.md); 0 is free. */
export const PRICE_MAX = 100_000_000;
export const PAID_PRICE_MIN = 10_000;
export const VERSION_MAX = 20;
export const DEFAULT_VERSION = '1.0';
export const COVER_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;
export const FULL_NAME_MAX = 100;
export const URL_MAX = 2048;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Public profile: a short plain-text bio and at most three http(s) links. */
export const BIO_MAX = 500;
export const PROFILE_LINKS_MAX = 3;
/** Avatars are cropped square and stored at this size (pixels). */
export const AVATAR_SIZE = 256;
/** Ratings and reviews (issue 16). */
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The Bayesian prior: every workflow starts as if it had this many reviews of this average. */
export const RATING_PRIOR_WEIGHT = 5;
export const RATING_PRIOR_MEAN = 3.5;
export const REVIEWS_PAGE_SIZE = 10;

/** The contact form's limits (contact.ts); here, without zod, for the form's own checks too. */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  subjectMin: 3,
  subjectMax: 150,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** Limits of ratings and reviews (issue 16), free of zod so pages can import them cheaply. */
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The Bayesian prior: every workflow starts as if it had this many reviews of this average. */
export const RATING_PRIOR_WEIGHT = 5;
export const RATING_PRIOR_MEAN = 3.5;
export const REVIEWS_PAGE_SIZE = 10;

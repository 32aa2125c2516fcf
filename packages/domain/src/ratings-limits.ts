/** The limits of ratings and reviews, by the path pages import them from; they live in limits.ts. */
export {
  RATING_MAX,
  RATING_MIN,
  RATING_PRIOR_MEAN,
  RATING_PRIOR_WEIGHT,
  REVIEWS_PAGE_SIZE,
  REVIEW_BODY_MAX,
  REVIEW_REPLY_MAX,
} from './limits.ts';

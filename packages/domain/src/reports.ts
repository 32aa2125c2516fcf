/** Why a workflow is reported. Kept free of zod so pages can import it cheaply. */
export const REPORT_REASONS = ['spam', 'malicious', 'copyright', 'inappropriate', 'broken', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Why a buyer's review is reported: about what the review says, not about the workflow it is on. */
export const REVIEW_REPORT_REASONS = [
  'off_topic',
  'abusive',
  'fake',
  'personal_data',
  'spam',
  'other',
] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];

/** What a stored review report may hold: reports filed before the review reasons keep their workflow reason. */
export const STORED_REVIEW_REPORT_REASONS = [
  ...REVIEW_REPORT_REASONS,
  'malicious',
  'copyright',
  'inappropriate',
  'broken',
] as const;
export type StoredReviewReportReason = (typeof STORED_REVIEW_REPORT_REASONS)[number];

/** Why a workflow or a review is reported. Kept free of zod so pages can import it cheaply. */
export const REPORT_REASONS = ['spam', 'malicious', 'copyright', 'inappropriate', 'broken', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

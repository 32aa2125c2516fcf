import type { Queryable } from './jobs.repository.ts';
import type { JobQueue } from './queue.ts';

export const REVIEW_REMINDER_JOB = 'ratings.review-reminder';
/** How long after a purchase the buyer is asked for a review. */
export const REVIEW_REMINDER_DELAY_MS = 3 * 24 * 60 * 60 * 1000;

/** Queued in the transaction that marks an order paid, which happens once per order. */
export function queueReviewReminder(queue: JobQueue, orderId: string, paidAt: Date, db: Queryable) {
  return queue.enqueue(
    REVIEW_REMINDER_JOB,
    { orderId },
    {
      db,
      runAt: new Date(paidAt.getTime() + REVIEW_REMINDER_DELAY_MS),
      dedupeKey: `review-reminder:${orderId}`,
      maxAttempts: 20,
    },
  );
}

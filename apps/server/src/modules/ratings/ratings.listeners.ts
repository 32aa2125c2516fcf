import type { Events } from '../../infra/events/events.ts';
import type { JobQueue } from '../../infra/jobs/queue.ts';
import { queueReviewReminder } from '../../infra/jobs/review-reminder.ts';

/** A paid order schedules the buyer's review reminder, in the transaction that marks it paid. */
export function registerRatingsListeners(events: Pick<Events, 'on'>, deps: { queue: JobQueue }) {
  events.on(
    'order.paid',
    'ratings.review-reminder',
    async ({ order, paidAt }, { tx }) => {
      await queueReviewReminder(deps.queue, order.id, new Date(paidAt), tx);
    },
    { inTransaction: true },
  );
}

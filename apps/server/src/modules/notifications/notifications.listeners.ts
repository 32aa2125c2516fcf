import type { Events } from '../../infra/events/events.ts';
import type { NotificationsService } from './notifications.service.ts';

/** Attempts of a notification job, as for every queued e-mail. */
const ATTEMPTS = 20;

/**
 * Notifications follow the facts after they commit (each listener a job of the queue, retried while
 * it fails): a sale tells its seller, a new version tells its owners, a new listing tells its
 * author's followers. Each writes its rows and queues its e-mails once per recipient and fact, so a
 * retried or replayed job adds nothing.
 */
export function registerNotificationsListeners(
  events: Pick<Events, 'on'>,
  notifications: Pick<NotificationsService, 'orderPaid' | 'versionApproved' | 'listed' | 'forget'>,
) {
  events.on(
    'order.paid',
    'notifications.seller',
    async ({ order }) => {
      await notifications.orderPaid(order);
    },
    { maxAttempts: ATTEMPTS },
  );
  events.on(
    'version.approved',
    'notifications.followers-and-owners',
    async ({ workflowId, versionId, isUpdate }) => {
      // An update approved without a new file (only its text changed) tells nobody.
      if (isUpdate && versionId) await notifications.versionApproved(workflowId, versionId);
      if (!isUpdate) await notifications.listed(workflowId);
    },
    { maxAttempts: ATTEMPTS },
  );
  // In the deletion's transaction: an after-commit job would keep the farewell address in its payload.
  events.on(
    'account.deleted',
    'notifications.forget',
    ({ userId }, { tx }) => notifications.forget(tx, userId),
    {
      inTransaction: true,
    },
  );
}

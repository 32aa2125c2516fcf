import type { Events } from '../../infra/events/events.ts';
import { queueMail } from '../../infra/jobs/mail.ts';
import type { JobQueue } from '../../infra/jobs/queue.ts';
import { accountDeletedMail } from './accounts.mail.ts';

/**
 * The goodbye e-mail of a deleted account, queued in the deletion's transaction and sealed: the jobs
 * table never holds the address in the clear, and forgets it once the e-mail is sent. (An
 * after-commit listener of `account.deleted` would keep the address in its job: there is none.)
 */
export function registerAccountsListeners(
  events: Pick<Events, 'on'>,
  deps: { queue: JobQueue; secret: string },
) {
  events.on(
    'account.deleted',
    'accounts.goodbye',
    async ({ farewell }, { tx }) => {
      await queueMail(deps.queue, accountDeletedMail(farewell.email, farewell.language), {
        db: tx,
        sealWith: deps.secret,
      });
    },
    { inTransaction: true },
  );
}

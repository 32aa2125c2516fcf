import { workflowPath } from '@flowbay/domain';
import type { Events } from '../../infra/events/events.ts';
import { sendQueuedMail } from '../../infra/jobs/mail.ts';
import type { Mailer } from '../../infra/mailer/index.ts';
import { decisionMail } from './moderation.mail.ts';
import type { ModerationRepository } from './moderation.repository.ts';

/** Attempts of a decision e-mail, as for every queued e-mail. */
const MAIL_ATTEMPTS = 20;

/**
 * The author hears of every moderation decision, after it commits: the listener's job reads the
 * workflow as it now is and sends the e-mail (its Message-ID made from the job, retried with the
 * queue's backoff while SMTP is down).
 */
export function registerModerationListeners(
  events: Pick<Events, 'on'>,
  deps: { repository: Pick<ModerationRepository, 'author'>; mailer: Mailer; publicUrl: string },
) {
  async function mailAuthor(
    jobId: string,
    workflowId: string,
    decision: 'approved' | 'rejected' | 'unlisted',
    isUpdate: boolean,
    reason: string | null,
  ) {
    const author = await deps.repository.author(workflowId);
    if (!author) return;
    const url = `${deps.publicUrl}${workflowPath({ slug: author.slug, id: workflowId })}`;
    const message = decisionMail({
      to: author.email,
      language: author.locale,
      title: author.title,
      decision,
      isUpdate,
      reason,
      workflowUrl: url,
      manageUrl: `${url}/edit`,
    });
    await sendQueuedMail(deps.mailer, { id: jobId, payload: { ...message } });
  }

  events.on(
    'version.approved',
    'moderation.author-mail',
    ({ workflowId, isUpdate }, { jobId }) => mailAuthor(jobId, workflowId, 'approved', isUpdate, null),
    { maxAttempts: MAIL_ATTEMPTS },
  );
  events.on(
    'workflow.rejected',
    'moderation.author-mail',
    ({ workflowId, decision, isUpdate, reason }, { jobId }) =>
      mailAuthor(jobId, workflowId, decision, isUpdate, reason),
    { maxAttempts: MAIL_ATTEMPTS },
  );
}

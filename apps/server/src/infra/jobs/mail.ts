import type { MailMessage, Mailer } from '../mailer/index.ts';
import type { EnqueueOptions, JobQueue } from './queue.ts';

export const MAIL_JOB = 'mail.send';

/** E-mails sent through the queue: an SMTP outage delays them (retried with backoff), never drops them. */
export function registerMailJob(queue: JobQueue, mailer: Mailer) {
  queue.register(MAIL_JOB, async (payload) => {
    await mailer.send(payload as unknown as MailMessage);
  });
}

export function queueMail(queue: JobQueue, message: MailMessage, options: EnqueueOptions = {}) {
  return queue.enqueue(MAIL_JOB, { ...message }, { maxAttempts: 20, ...options });
}

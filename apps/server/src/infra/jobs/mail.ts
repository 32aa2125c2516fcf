import type { MailMessage, Mailer } from '../mailer/index.ts';
import type { JobRow } from './jobs.repository.ts';
import type { EnqueueOptions, JobQueue } from './queue.ts';

export const MAIL_JOB = 'mail.send';

/** E-mails sent through the queue: an SMTP outage delays them (retried with backoff), never drops them. */
export function registerMailJob(queue: JobQueue, mailer: Mailer) {
  queue.register(MAIL_JOB, (_payload, job) => sendQueuedMail(mailer, job));
}

/**
 * One attempt at a queued e-mail. Its Message-ID comes from the job, so it is the same on every
 * attempt: a process killed after SMTP accepted the message and before the job was marked done sends
 * it again when the job is taken up, and the receiving servers keep one copy (SMTP cannot tell the
 * sender whether an earlier attempt got through, so this is as far as the sender can know).
 */
export async function sendQueuedMail(mailer: Mailer, job: Pick<JobRow, 'id' | 'payload'>) {
  await mailer.send({ ...(job.payload as unknown as MailMessage), idempotencyKey: `mail-${job.id}` });
}

export function queueMail(queue: JobQueue, message: MailMessage, options: EnqueueOptions = {}) {
  return queue.enqueue(MAIL_JOB, { ...message }, { maxAttempts: 20, ...options });
}

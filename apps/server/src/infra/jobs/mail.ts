import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { MailMessage, Mailer } from '../mailer/index.ts';
import type { JobRow } from './jobs.repository.ts';
import type { EnqueueOptions, JobQueue } from './queue.ts';

export const MAIL_JOB = 'mail.send';

const keyOf = (secret: string) => createHash('sha256').update(`flowbay-sealed-mail:${secret}`).digest();

/** The message encrypted (AES-256-GCM) under a key made from the server's secret. */
function seal(message: MailMessage, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(sealed: string, secret: string): MailMessage {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as MailMessage;
}

/**
 * E-mails sent through the queue: an SMTP outage delays them (retried with backoff), never drops them.
 * A sealed e-mail (`queueMail(…, { sealWith })`) is stored encrypted and its payload is forgotten
 * once sent: the goodbye to a deleted account keeps no address in the jobs table.
 */
export function registerMailJob(queue: JobQueue, mailer: Mailer, secret?: string) {
  queue.register(MAIL_JOB, async (payload, job) => {
    if (typeof payload.sealed !== 'string') return sendQueuedMail(mailer, job);
    if (!secret) throw new Error('a sealed e-mail needs the server secret');
    await sendQueuedMail(mailer, { id: job.id, payload: { ...unseal(payload.sealed, secret) } });
    await queue.forgetPayload(job.id);
  });
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

export function queueMail(
  queue: JobQueue,
  message: MailMessage,
  { sealWith, ...options }: EnqueueOptions & { sealWith?: string } = {},
) {
  const payload = sealWith ? { sealed: seal(message, sealWith) } : { ...message };
  return queue.enqueue(MAIL_JOB, payload, { maxAttempts: 20, ...options });
}

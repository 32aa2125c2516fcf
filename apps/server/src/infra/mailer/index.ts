import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../../env.ts';

export interface MailMessage {
  to: string;
  /** Where a reply goes when it is not the sender (the contact form's copy: the visitor who wrote). */
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** The one link the recipient must follow (confirm, reset); the outbox driver logs it for local use. */
  link?: string;
  /**
   * Makes the Message-ID (`<key@sender's domain>`): the same key on every attempt makes a copy sent
   * again the same message for the receiving servers, which keep one.
   */
  idempotencyKey?: string;
  /**
   * Extra header fields, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) on the
   * notification e-mails a recipient can switch off.
   */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly driver: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailLog {
  info(details: Record<string, unknown>, message: string): void;
}

/** SMTP when `SMTP_URL` is set; otherwise every message becomes an `.eml` file in `$DATA_DIR/outbox/`. */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, log?: MailLog): Mailer {
  if (env.SMTP_URL) return createSmtpMailer(env.SMTP_URL, env.MAIL_FROM);
  return createOutboxMailer(join(env.DATA_DIR, 'outbox'), env.MAIL_FROM, log);
}

/** `<key@domain>` with the domain of the sender's address (`Flowbay <no-reply@flowbay.vn>`). */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? 'flowbay.local';
  return `<${key}@${domain}>`;
}

function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    driver: 'smtp',
    async send({ to, replyTo, subject, text, html, idempotencyKey, headers }) {
      const messageId = idempotencyKey ? messageIdFor(idempotencyKey, from) : undefined;
      await transport.sendMail({ from, to, replyTo, subject, text, html, messageId, headers });
    },
    close: () => transport.close(),
  };
}

function createOutboxMailer(directory: string, from: string, log?: MailLog): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    driver: 'outbox',
    async send({ to, replyTo, subject, text, html, link, idempotencyKey, headers }) {
      const messageId = idempotencyKey ? messageIdFor(idempotencyKey, from) : undefined;
      const info = await transport.sendMail({ from, to, replyTo, subject, text, html, messageId, headers });
      await mkdir(directory, { recursive: true });
      // A sortable name: the newest message is the last one listed.
      const file = join(
        directory,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log?.info(
        { to, subject, file: resolve(file), ...(link ? { link } : {}) },
        'e-mail written to the outbox',
      );
    },
    close: () => transport.close(),
  };
}

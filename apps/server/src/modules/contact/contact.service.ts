import type { ContactInput } from '@flowbay/domain/contact';
import type { Mailer } from '../../infra/mailer/index.ts';
import { isSignedIn, type Viewer } from '../../infra/request-viewer.ts';
import type { ContactRepository } from './contact.repository.ts';

interface ContactDeps {
  repository: ContactRepository;
  mailer?: Pick<Mailer, 'send'>;
  supportEmail: string;
  log?: { error(details: object, message: string): void };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function createContactService({ repository, mailer, supportEmail, log }: ContactDeps) {
  return {
    /** Stores the message first (nothing is lost if mail is down), then e-mails it to support. */
    async submit(input: ContactInput, viewer: Viewer) {
      const row = await repository.insert({
        fullName: input.full_name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        userId: isSignedIn(viewer) ? viewer.id : null,
      });
      if (mailer) {
        const text = `From: ${input.full_name} <${input.email}>\nMessage id: ${row.id}\n\n${input.message}`;
        const html = `<p><strong>From:</strong> ${escapeHtml(input.full_name)} &lt;${escapeHtml(input.email)}&gt;<br><strong>Message id:</strong> ${row.id}</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`;
        try {
          await mailer.send({ to: supportEmail, subject: `[Contact] ${input.subject}`, text, html });
        } catch (error) {
          // The message is stored; support reads it from the database if the mail did not go out.
          log?.error({ err: error, contactMessage: row.id }, 'could not e-mail a contact message');
        }
      }
      return { id: row.id, received: true as const };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

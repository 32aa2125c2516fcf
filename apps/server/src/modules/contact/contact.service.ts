import type { ContactInput } from '@flowbay/domain/contact';
import { queueMail } from '../../infra/jobs/mail.ts';
import type { JobQueue } from '../../infra/jobs/queue.ts';
import { isSignedIn, type Viewer } from '../../infra/request-viewer.ts';
import type { ContactRepository } from './contact.repository.ts';

interface ContactDeps {
  repository: ContactRepository;
  /** The support copy is a queued e-mail: an SMTP outage delays it, never loses it. */
  queue: JobQueue;
  supportEmail: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function createContactService({ repository, queue, supportEmail }: ContactDeps) {
  return {
    /** Where messages go: the page shows this address, so a visitor can also write to it directly. */
    channels: () => ({ support_email: supportEmail }),
    /** Stores the message and queues its copy to support. */
    async submit(input: ContactInput, viewer: Viewer) {
      const row = await repository.insert({
        fullName: input.full_name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        userId: isSignedIn(viewer) ? viewer.id : null,
      });
      const text = `From: ${input.full_name} <${input.email}>\nMessage id: ${row.id}\n\n${input.message}`;
      const html = `<p><strong>From:</strong> ${escapeHtml(input.full_name)} &lt;${escapeHtml(input.email)}&gt;<br><strong>Message id:</strong> ${row.id}</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`;
      // Support answers the sender with a plain reply.
      await queueMail(queue, {
        to: supportEmail,
        replyTo: { name: input.full_name, address: input.email },
        subject: `[Contact] ${input.subject}`,
        text,
        html,
      });
      return { id: row.id, received: true as const };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

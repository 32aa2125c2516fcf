import { createHash } from 'node:crypto';
import type { Events } from '../../infra/events/events.ts';
import type { PrivacyService } from './privacy.service.ts';

/**
 * A deleted account is a served deletion request, recorded in the deletion's own transaction. The
 * record keeps the address's SHA-256, not the address: it proves the deletion to whoever shows the
 * address later, and holds nothing the deletion was meant to remove.
 */
export const pseudonymousAddress = (email: string) =>
  `sha256:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

export function registerPrivacyListeners(
  events: Pick<Events, 'on'>,
  privacy: Pick<PrivacyService, 'recordServed'>,
) {
  events.on(
    'account.deleted',
    'privacy.deletion-served',
    async ({ userId, farewell }, { tx }) => {
      await privacy.recordServed(
        {
          userId,
          email: pseudonymousAddress(farewell.email),
          language: farewell.language,
          kind: 'deletion',
          details: 'Account deleted by its owner',
        },
        tx,
      );
    },
    { inTransaction: true },
  );
}

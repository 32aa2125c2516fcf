import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@flowbay/domain';

/** What a valid unsubscribe token names: whose kind to switch off, and when the link was issued. */
export interface UnsubscribeClaim {
  userId: string;
  kind: NotificationKind;
  issuedAt: Date;
}

const keyOf = (secret: string) => createHash('sha256').update(`flowbay-unsubscribe:${secret}`).digest();
const signatureOf = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/**
 * One-click unsubscribe tokens (RFC 8058): `<user>.<kind>.<issued>.<HMAC>` under a key derived from
 * the server's secret (AUTH_SECRET). Stateless; the service makes each work once by refusing a token
 * issued before the kind's preference last changed.
 */
export function unsubscribeTokens(secret: string) {
  const key = keyOf(secret);
  return {
    issue(userId: string, kind: NotificationKind, issuedAt: Date): string {
      const body = `${Buffer.from(userId, 'utf8').toString('base64url')}.${kind}.${issuedAt.getTime().toString(36)}`;
      return `${body}.${signatureOf(key, body)}`;
    },

    /** The claim of a token this server signed, else null (forged, altered or malformed). */
    verify(token: string): UnsubscribeClaim | null {
      const parts = token.split('.');
      if (parts.length !== 4) return null;
      const [user, kind, issued, signature] = parts as [string, string, string, string];
      const body = `${user}.${kind}.${issued}`;
      const expected = Buffer.from(signatureOf(key, body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
      const time = Number.parseInt(issued, 36);
      const userId = Buffer.from(user, 'base64url').toString('utf8');
      if (!Number.isSafeInteger(time) || userId === '') return null;
      return { userId, kind: kind as NotificationKind, issuedAt: new Date(time) };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;

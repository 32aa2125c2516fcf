import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Text kept encrypted at rest, the way sealed e-mails are (infra/jobs/mail.ts): AES-256-GCM under a
 * key derived from the server's secret and a purpose, so a key for one use never opens another's.
 * Stored as base64 of iv (12 bytes) + tag (16) + ciphertext.
 */

const keyOf = (secret: string, purpose: string) =>
  createHash('sha256').update(`flowbay-sealed-${purpose}:${secret}`).digest();

export function sealText(text: string, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function unsealText(sealed: string, secret: string, purpose: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

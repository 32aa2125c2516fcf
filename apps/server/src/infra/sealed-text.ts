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

/**
 * The secrets a purpose's text is sealed under: the current one seals, every one opens. Rotation:
 * the new key becomes current, the old ones are listed as previous until everything they sealed
 * has been opened and sealed again (`openSealed` says when that is due).
 */
export interface SealingKeys {
  current: string;
  previous: readonly string[];
}

/**
 * The server's sealing keys: ENCRYPTION_KEY, else the auth secret; ENCRYPTION_KEY_PREVIOUS opens
 * too, and so does the auth secret once ENCRYPTION_KEY replaces it (what was sealed before it was set).
 */
export function sealingKeys(
  env: { ENCRYPTION_KEY?: string; ENCRYPTION_KEY_PREVIOUS: readonly string[] },
  authSecret: string,
): SealingKeys {
  const current = env.ENCRYPTION_KEY ?? authSecret;
  const previous = [...env.ENCRYPTION_KEY_PREVIOUS, authSecret].filter((key) => key !== current);
  return { current, previous: [...new Set(previous)] };
}

/** Opens text sealed under any of the keys; `stale` when it was not the current one (seal it again). */
export function openSealed(
  sealed: string,
  keys: SealingKeys,
  purpose: string,
): { text: string; stale: boolean } {
  try {
    return { text: unsealText(sealed, keys.current, purpose), stale: false };
  } catch (error) {
    for (const key of keys.previous) {
      try {
        return { text: unsealText(sealed, key, purpose), stale: true };
      } catch {
        // not this one
      }
    }
    throw error;
  }
}

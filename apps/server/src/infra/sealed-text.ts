import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { AppError } from '../lib/errors.ts';

/*
 * Text kept encrypted at rest with envelope encryption (decision 0176). Each value gets its own
 * random data key (DEK): the text is sealed with AES-256-GCM under the DEK, and the DEK is wrapped
 * (AES-256-GCM) under a key-encryption key (KEK) derived with HKDF from a server key (ENCRYPTION_KEY)
 * and a purpose, so a key for one use never opens another's. Stored as
 *
 *   v2.<kek id>.<wrapped DEK>.<sealed text>
 *
 * with base64url fields: the KEK id is the first 8 bytes of a hash of the KEK (it tells which key
 * wrapped a value without trying them), the wrapped DEK is iv (12) + tag (16) + 32 bytes, the sealed
 * text iv (12) + tag (16) + ciphertext. Rotating a key re-wraps the DEK and leaves the text as it is.
 *
 * Values sealed before envelopes (version 1: base64 of iv + tag + ciphertext, AES-256-GCM straight
 * under a SHA-256 of the key and the purpose) still open, and count as stale so they are sealed again.
 */

const VERSION = 'v2';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A sealed value none of the configured keys opens (or one that is not a sealed value at all): the
 * API answers SEALED_VALUE_UNREADABLE (503) and logs it for the operator; the value is never shown.
 */
export class SealedValueUnreadableError extends AppError {
  constructor(public readonly purpose: string) {
    super(
      'SEALED_VALUE_UNREADABLE',
      `A sealed ${purpose} cannot be opened with ENCRYPTION_KEY or any key in ENCRYPTION_KEY_PREVIOUS ` +
        '(was the key that sealed it removed or mistyped?).',
    );
    this.name = 'SealedValueUnreadableError';
  }
}

const legacyKeyOf = (secret: string, purpose: string) =>
  createHash('sha256').update(`flowbay-sealed-${purpose}:${secret}`).digest();

const kekCache = new Map<string, { key: Buffer; id: string }>();

/** The key-encryption key of a server key and a purpose, and its public id. */
function kekOf(secret: string, purpose: string): { key: Buffer; id: string } {
  const cacheKey = `${purpose}\u0000${secret}`;
  let kek = kekCache.get(cacheKey);
  if (!kek) {
    const key = Buffer.from(hkdfSync('sha256', secret, 'flowbay-kek', `flowbay-sealed-${purpose}`, 32));
    const id = createHash('sha256').update('flowbay-kek-id:').update(key).digest().subarray(0, 8);
    kek = { key, id: id.toString('base64url') };
    kekCache.set(cacheKey, kek);
  }
  return kek;
}

function gcmSeal(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function gcmOpen(key: Buffer, bytes: Buffer, aad?: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

interface Envelope {
  kekId: string;
  wrappedDek: string;
  body: string;
}

function parseEnvelope(sealed: string): Envelope | null {
  const parts = sealed.split('.');
  if (parts[0] !== VERSION) return null;
  if (parts.length !== 4 || parts.slice(1).some((part) => part.length === 0)) return null;
  return { kekId: parts[1]!, wrappedDek: parts[2]!, body: parts[3]! };
}

const wrapAad = (purpose: string, kekId: string) => `${VERSION}.dek.${purpose}.${kekId}`;
const bodyAad = (purpose: string) => `${VERSION}.text.${purpose}`;

function wrapDek(dek: Buffer, secret: string, purpose: string): { kekId: string; wrappedDek: string } {
  const kek = kekOf(secret, purpose);
  return { kekId: kek.id, wrappedDek: gcmSeal(kek.key, dek, wrapAad(purpose, kek.id)).toString('base64url') };
}

function unwrapDek(envelope: Envelope, secret: string, purpose: string): Buffer {
  const kek = kekOf(secret, purpose);
  if (kek.id !== envelope.kekId) throw new Error('wrapped under another key');
  return gcmOpen(kek.key, Buffer.from(envelope.wrappedDek, 'base64url'), wrapAad(purpose, kek.id));
}

const format = (kekId: string, wrappedDek: string, body: string) =>
  `${VERSION}.${kekId}.${wrappedDek}.${body}`;

/** Seals `text` under a fresh data key wrapped under `secret`'s key for `purpose`. */
export function sealText(text: string, secret: string, purpose: string): string {
  const dek = randomBytes(32);
  const body = gcmSeal(dek, Buffer.from(text, 'utf8'), bodyAad(purpose)).toString('base64url');
  const { kekId, wrappedDek } = wrapDek(dek, secret, purpose);
  dek.fill(0);
  return format(kekId, wrappedDek, body);
}

/** Opens a value sealed under `secret` (either format); throws when `secret` did not seal it. */
export function unsealText(sealed: string, secret: string, purpose: string): string {
  const envelope = parseEnvelope(sealed);
  if (!envelope) return gcmOpen(legacyKeyOf(secret, purpose), Buffer.from(sealed, 'base64')).toString('utf8');
  const dek = unwrapDek(envelope, secret, purpose);
  try {
    return gcmOpen(dek, Buffer.from(envelope.body, 'base64url'), bodyAad(purpose)).toString('utf8');
  } finally {
    dek.fill(0);
  }
}

/** Whether `sealed` is an envelope whose data key is wrapped under `secret` (the format of today). */
export function isSealedUnder(sealed: string, secret: string, purpose: string): boolean {
  return parseEnvelope(sealed)?.kekId === kekOf(secret, purpose).id;
}

/**
 * The secrets a purpose's text is sealed under: the current one seals, every one opens. Rotation:
 * the new key becomes current, the old ones are listed as previous until everything they sealed
 * has been wrapped again (`npm run keys:rotate`, or `openSealed` says when that is due).
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

/**
 * Opens text sealed under any of the keys; `stale` when it should be sealed again: wrapped under a
 * previous key, or in the format from before envelopes. Throws SealedValueUnreadableError otherwise.
 */
export function openSealed(
  sealed: string,
  keys: SealingKeys,
  purpose: string,
): { text: string; stale: boolean } {
  const envelope = parseEnvelope(sealed);
  for (const key of [keys.current, ...keys.previous]) {
    if (envelope && envelope.kekId !== kekOf(key, purpose).id) continue;
    try {
      return { text: unsealText(sealed, key, purpose), stale: !envelope || key !== keys.current };
    } catch {
      // not this one
    }
  }
  throw new SealedValueUnreadableError(purpose);
}

/**
 * The value as it should be stored under the current key, or null when it already is. An envelope
 * under a previous key has its data key re-wrapped (the sealed text stays as it was, checked first);
 * a value from before envelopes is sealed again. Throws SealedValueUnreadableError when no key opens it.
 */
export function resealed(sealed: string, keys: SealingKeys, purpose: string): string | null {
  const envelope = parseEnvelope(sealed);
  if (!envelope) return sealText(openSealed(sealed, keys, purpose).text, keys.current, purpose);
  if (envelope.kekId === kekOf(keys.current, purpose).id) {
    openSealed(sealed, keys, purpose); // it must open, not only carry the right key id
    return null;
  }
  for (const key of keys.previous) {
    if (envelope.kekId !== kekOf(key, purpose).id) continue;
    try {
      const dek = unwrapDek(envelope, key, purpose);
      try {
        gcmOpen(dek, Buffer.from(envelope.body, 'base64url'), bodyAad(purpose));
        const { kekId, wrappedDek } = wrapDek(dek, keys.current, purpose);
        return format(kekId, wrappedDek, envelope.body);
      } finally {
        dek.fill(0);
      }
    } catch {
      // not this one
    }
  }
  throw new SealedValueUnreadableError(purpose);
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RateConsumer } from '../../infra/auth/rate-limit.ts';
import type { SignInThrottleRepository } from './sign-in-throttle.repository.ts';

/** Set on a successful sign-in; the owner's browser then passes an account's wait (0011). */
export const DEVICE_COOKIE = 'flowbay_device';
const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Guesses one known browser may make for its account, however long the account's wait. */
export const KNOWN_DEVICE_LIMIT = { window: 900, max: 10 };

/** The e-mail as Better Auth looks it up (lower case), trimmed so spacing cannot make a new counter. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

export type SignInDecision =
  { allowed: true; knownDevice: boolean } | { allowed: false; retryAfterSeconds: number };

export interface SignInThrottle {
  before(email: string, cookieHeader: string | undefined): Promise<SignInDecision>;
  /** `status` is Better Auth's answer; returns the Set-Cookie value to add, if any. */
  after(email: string, knownDevice: boolean, status: number): Promise<string | null>;
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/**
 * Sign-in throttling per account (docs/decisions/0011-sign-in-throttling.md): every attempt is counted
 * before the password is checked; after a few wrong ones each next attempt waits longer (up to 15
 * minutes), so guessing stays slow, while the browser the owner signed in from before skips the wait
 * (with a small limit of its own), so a stranger's guesses cannot lock the owner out.
 */
export function createSignInThrottle(options: {
  repository: SignInThrottleRepository;
  rate: RateConsumer;
  secret: string;
  secureCookies: boolean;
  now: () => number;
}): SignInThrottle {
  const { repository, rate, secret, now } = options;
  const sign = (deviceId: string, key: string) =>
    createHmac('sha256', secret).update(`device:${deviceId}:${key}`).digest('base64url');

  /** The device id when the cookie was issued to this account's owner, else null. */
  function knownDeviceOf(cookieHeader: string | undefined, key: string): string | null {
    const value = readCookie(cookieHeader, DEVICE_COOKIE);
    const [deviceId, signature] = value?.split('.') ?? [];
    if (!deviceId || !signature) return null;
    const expected = Buffer.from(sign(deviceId, key));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
  }

  function deviceCookie(key: string): string {
    const deviceId = randomBytes(18).toString('base64url');
    return [
      `${DEVICE_COOKIE}=${deviceId}.${sign(deviceId, key)}`,
      'Path=/api/auth',
      `Max-Age=${DEVICE_MAX_AGE_S}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(options.secureCookies ? ['Secure'] : []),
    ].join('; ');
  }

  return {
    async before(email, cookieHeader) {
      const key = accountKey(email);
      const deviceId = knownDeviceOf(cookieHeader, key);
      if (deviceId) {
        const decision = await rate(`signin-device:${key}:${deviceId}`, KNOWN_DEVICE_LIMIT);
        return decision.allowed
          ? { allowed: true, knownDevice: true }
          : { allowed: false, retryAfterSeconds: decision.retryAfter ?? KNOWN_DEVICE_LIMIT.window };
      }
      const claim = await repository.claim(`signin:${key}`, now());
      return claim.admitted
        ? { allowed: true, knownDevice: false }
        : { allowed: false, retryAfterSeconds: Math.ceil(claim.retryAfterMs / 1000) };
    },
    async after(email, knownDevice, status) {
      const key = accountKey(email);
      // A wrong guess stays counted (a known browser's guesses count in its own limit instead).
      if (status === 401) return null;
      if (status >= 200 && status < 300) {
        // The right password from a new browser resets the count; from a known one it leaves a
        // stranger's running count alone (the known browser's attempt was never counted).
        if (!knownDevice) await repository.reset(`signin:${key}`);
        return deviceCookie(key);
      }
      if (!knownDevice) await repository.giveBack(`signin:${key}`);
      return null;
    },
  };
}

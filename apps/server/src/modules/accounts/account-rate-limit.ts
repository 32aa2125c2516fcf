import type { RateConsumer, RateDecision } from '../../infra/auth/rate-limit.ts';

/**
 * Per-account limits (the e-mail in the body), on top of Better Auth's per-IP ones, so spreading
 * requests over many addresses from one IP, or over many IPs against one account, are both bounded.
 * Sign-in has its own throttle instead (sign-in-throttle.ts): a fixed limit there let strangers lock
 * the owner out.
 */
export const ACCOUNT_RATE_LIMITS: Record<string, { window: number; max: number }> = {
  '/sign-up/email': { window: 900, max: 5 },
  '/request-password-reset': { window: 900, max: 3 },
  '/send-verification-email': { window: 900, max: 3 },
};

export async function consumeAccountAttempt(
  consume: RateConsumer,
  path: string,
  email: string,
): Promise<RateDecision> {
  const rule = ACCOUNT_RATE_LIMITS[path];
  if (!rule) return { allowed: true, retryAfter: null };
  return consume(`account:${path}:${email.trim().toLowerCase()}`, rule);
}

import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateConsumer, RateRule } from '../infra/auth/rate-limit.ts';
import { isSignedIn } from '../infra/viewer.ts';
import { AppError } from './errors.ts';

/**
 * Workflow files served per minute (docs/decisions/0139-downloads-never-stall.md). One count for
 * every route that serves a file (downloads, version downloads, n8n's two template routes). A person
 * opens a template in n8n or downloads one every few seconds at most; 120 a minute leaves room for
 * an office behind one address. Signed-in people count per account, and n8n callers with a personal
 * library key (which only a signed-in user gets) per address, with the higher limit.
 */
export const DOWNLOAD_LIMITS = {
  anonymous: { window: 60, max: 120 },
  signedIn: { window: 60, max: 600 },
} as const satisfies Record<string, RateRule>;

export type DownloadLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Counts a file served to the caller and answers 429 RATE_LIMITED with `Retry-After` over the limit.
 * The count is shared by every server process (the rate-limit table, or Redis with REDIS_URL).
 */
export function createDownloadLimit(consume: RateConsumer, limits = DOWNLOAD_LIMITS): DownloadLimit {
  return async function limitDownloads(request, reply) {
    const viewer = request.viewer;
    const libraryKey = typeof (request.params as { key?: unknown } | undefined)?.key === 'string';
    // IPv6 callers count per /64, as @fastify/rate-limit does: one host usually holds the whole prefix.
    const address = normalizeIP(request.ip);
    const [bucket, rule] = isSignedIn(viewer)
      ? [`user:${viewer.id}`, limits.signedIn]
      : libraryKey
        ? [`n8n-key:${address}`, limits.signedIn]
        : [`address:${address}`, limits.anonymous];
    const decision = await consume(`download:${bucket}`, rule);
    if (decision.allowed) return;
    reply.header('retry-after', String(decision.retryAfter ?? rule.window));
    throw new AppError(429, 'RATE_LIMITED', 'Too many downloads; try again later');
  };
}

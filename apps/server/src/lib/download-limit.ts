import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSignedIn } from '../infra/request-viewer.ts';
import { AppError } from './errors.ts';

/**
 * Workflow files served per caller and minute (docs/decisions/0139-downloads-never-stall.md). One
 * count for every route that serves a file (downloads, version downloads, n8n's two template
 * routes). A person opens a template in n8n or downloads one every few seconds at most; 120 a minute
 * leaves room for an office behind one address. Signed-in people count per account, and n8n callers
 * with a personal library key (which only a signed-in user gets) per address, with the higher limit.
 */
export const DOWNLOAD_LIMITS = {
  windowSeconds: 60,
  anonymous: 120,
  signedIn: 600,
} as const;

export type DownloadLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The caller's count: their account, or their address (IPv6 per /64, as @fastify/rate-limit counts). */
function bucketOf(request: FastifyRequest): string {
  if (isSignedIn(request.viewer)) return `download:user:${request.viewer.id}`;
  const libraryKey = typeof (request.params as { key?: unknown } | undefined)?.key === 'string';
  return `download:${libraryKey ? 'n8n-key' : 'address'}:${normalizeIP(request.ip)}`;
}

/**
 * Counts a file served to the caller and answers 429 RATE_LIMITED with `Retry-After` over the limit.
 * The counts live where the house's other per-route limits do (plugins/rate-limits.ts: this process,
 * or Redis shared by every instance when REDIS_URL is set), so a download writes nothing to the database.
 */
export function createDownloadLimit(app: FastifyInstance, limits = DOWNLOAD_LIMITS): DownloadLimit {
  const consume = app.createRateLimit({
    keyGenerator: bucketOf,
    max: (_request, key) => (key.startsWith('download:address:') ? limits.anonymous : limits.signedIn),
    timeWindow: limits.windowSeconds * 1000,
  });
  return async function limitDownloads(request, reply) {
    const decision = await consume(request);
    if (decision.isAllowed || !decision.isExceeded) return;
    reply.header('retry-after', String(Math.max(1, decision.ttlInSeconds)));
    throw new AppError('RATE_LIMITED', 'Too many downloads; try again later');
  };
}

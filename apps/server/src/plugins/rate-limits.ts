import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Per-route limits (contact, translate, uploads, reports, ...): routes opt in with
 * `config.rateLimit`. Shared across instances through Redis when REDIS_URL is set.
 */
async function rateLimits(app: FastifyInstance, options: { redisUrl?: string }) {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'flowbay-rl:' } : {}),
  });
}

export default fp(rateLimits, { name: 'rate-limits', fastify: '5.x' });

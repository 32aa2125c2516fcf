import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import type { Env } from '../env.ts';
import { refuseCrossSiteWrites } from '../infra/http/cross-site.ts';
import { refuseNulBytes } from '../infra/http/nul-bytes.ts';
import { registerSecurityHeaders } from '../infra/http/security-headers.ts';

/** Security headers (CSP and friends), the Origin check on cookie writes, NUL bytes refused, compression. */
async function httpHardening(app: FastifyInstance, options: { env: Env }) {
  registerSecurityHeaders(app, options.env);
  refuseCrossSiteWrites(app, options.env.PUBLIC_URL);
  refuseNulBytes(app);
  await app.register(compress, { global: true, threshold: 1024 });
}

export default fp(httpHardening, { name: 'http-hardening', fastify: '5.x', dependencies: ['error-policy'] });

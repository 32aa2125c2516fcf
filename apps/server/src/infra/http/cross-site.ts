import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write another site may send with the visitor's cookies. Only the e-mails' one-click
     * unsubscribe uses it (RFC 8058: a mail client posts from anywhere; the signed token is the
     * credential, decision 0161). Payment callbacks (VNPay IPN, Stripe webhooks) are
     * server-to-server without cookies, so the check never applies to them. See
     * docs/decisions/0012-http-hardening.md before setting it.
     */
    allowCrossSiteWrites?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a browser says the request comes from: Origin, else the Referer's origin, else null. */
function senderOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || referer === '') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses a state-changing request that carries cookies (the web app's session) unless the browser
 * says it comes from PUBLIC_URL's origin. Browsers send Origin on every non-GET fetch and form post;
 * a cookie-carrying write with neither Origin nor Referer is not one the web app makes, so it is
 * refused too. Only a client that sends no cookie (a bearer-token client) is left alone: an
 * `Authorization` header beside the cookie proves nothing (a browser adds Basic or Negotiate
 * credentials of a proxy by itself, and the cookie would still authenticate the write).
 */
export function refuseCrossSiteWrites(app: FastifyInstance, publicUrl: string) {
  const expected = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.headers.cookie) return;
    if (request.routeOptions.config?.allowCrossSiteWrites) return;
    const origin = senderOrigin(request);
    if (origin === expected) return;
    request.log.info({ origin, method: request.method }, 'refused a cross-site write');
    throw new AppError('CROSS_SITE_REQUEST', 'Cross-site request refused');
  });
}

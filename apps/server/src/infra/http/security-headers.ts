import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Env } from '../../env.ts';

/**
 * The policy every page, API answer and the API docs run under (docs/decisions/0012-http-hardening.md).
 * No inline script anywhere: the built index.html loads only hashed files from /assets, and the
 * JSON-LD the server puts in a page's head is a data block, which a CSP does not govern.
 * Inline styles stay allowed: Radix, sonner and React Flow set them at run time.
 */
export function contentSecurityPolicy(env: Pick<Env, 'PUBLIC_URL' | 'S3_PUBLIC_URL'>) {
  const coverOrigin = env.S3_PUBLIC_URL ? new URL(env.S3_PUBLIC_URL).origin : null;
  const https = env.PUBLIC_URL.startsWith('https://');
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Avatars may be any https address (Google's, Gravatar…); covers come from here or S3_PUBLIC_URL.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(coverOrigin ? [coverOrigin] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** What a user-uploaded file is served with: never rendered as a page of this site, never run. */
export const UPLOADED_FILE_CSP = "default-src 'none'; sandbox";

export function asUploadedFile(reply: FastifyReply, disposition = 'attachment'): FastifyReply {
  return reply
    .header('content-security-policy', UPLOADED_FILE_CSP)
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff');
}

/**
 * The headers helmet sets under `options`, worked out once: they depend on the configuration only,
 * never on the request. (@fastify/helmet builds helmet's middleware again for every request, which
 * was a tenth of a catalogue answer's CPU time under load.)
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let ran = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    ran = true;
  });
  if (!ran) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Helmet's headers on every response: CSP, nosniff, no framing, a referrer policy that keeps Origin on writes. */
export function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env) },
    frameguard: { action: 'deny' },
    // 'no-referrer' would make browsers send `Origin: null` on same-origin writes (Fetch spec),
    // which the cross-site check must refuse.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers ignore HSTS over plain http; sent only when the site is https.
    strictTransportSecurity: env.PUBLIC_URL.startsWith('https://')
      ? { maxAge: 15_552_000, includeSubDomains: false }
      : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

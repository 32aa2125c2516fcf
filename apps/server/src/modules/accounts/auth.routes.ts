import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthProviders,
  FULL_NAME_MAX,
  SignUpConsents,
  type ConsentPurpose,
  type ErrorCode,
} from '@flowbay/domain';
import type { Env } from '../../env.ts';
import { CLIENT_IP_HEADER, IP_RATE_LIMITS, type Auth } from '../../infra/auth/index.ts';
import { withDatabaseCause } from '../../infra/auth/database-failure.ts';
import type { RateConsumer } from '../../infra/auth/rate-limit.ts';
import type { JobQueue } from '../../infra/jobs/queue.ts';
import { findNul } from '../../infra/http/nul-bytes.ts';
import { redactUrl } from '../../infra/http/log-redaction.ts';
import { messageFor, requestLanguage, validationMessage } from '../../lib/messages.ts';
import { consumeAccountAttempt } from './account-rate-limit.ts';
import type { PrivacyService } from '../privacy/privacy.service.ts';
import { checkResetRequest, queuePasswordReset, RESET_REQUESTED } from './password-reset.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

/** Better Auth's error codes → our stable codes. Anything else falls back by status (see `codeFor`). */
const AUTH_CODES: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'USER_ALREADY_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'USER_ALREADY_EXISTS',
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_EMAIL_OR_PASSWORD',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'PASSWORD_TOO_LONG',
  INVALID_EMAIL: 'INVALID_EMAIL',
  INVALID_PASSWORD: 'VALIDATION_FAILED',
  VALIDATION_ERROR: 'VALIDATION_FAILED',
  PASSWORD_TOO_COMMON: 'PASSWORD_TOO_COMMON',
  PASSWORD_TOO_WEAK: 'PASSWORD_TOO_WEAK',
  SESSION_NOT_FOUND: 'SESSION_NOT_FOUND',
};

/** Better Auth names the field of a body validation error as "[body.email] …". */
function fieldOf(message: unknown): string | undefined {
  return typeof message === 'string' ? /^\[body\.([\w.]+)\]/.exec(message)?.[1] : undefined;
}

function codeFor(
  path: string,
  status: number,
  authCode: unknown,
  field: string | undefined,
  message: unknown,
): ErrorCode {
  // On a password change, Better Auth's "invalid password" is the current password being wrong.
  if (path === '/change-password' && authCode === 'INVALID_PASSWORD') return 'WRONG_PASSWORD';
  if (authCode === 'VALIDATION_ERROR' && field === 'email' && /invalid email/i.test(String(message)))
    return 'INVALID_EMAIL';
  const known = typeof authCode === 'string' ? AUTH_CODES[authCode] : undefined;
  if (known) return known;
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'INTERNAL_ERROR';
  return 'VALIDATION_FAILED';
}

const ACCOUNT_LIMITED_PATHS = new Set([
  '/sign-up/email',
  '/sign-in/email',
  '/request-password-reset',
  '/send-verification-email',
]);

/**
 * Better Auth under /api/auth/*: the Fastify request becomes a Fetch Request, Better Auth's Response
 * is piped back (every set-cookie kept), and its errors gain our `{ error: { code, message } }` shape.
 */
export async function authRoutes(
  root: FastifyInstance,
  {
    auth,
    env,
    rate,
    signInThrottle,
    queue,
    privacy,
  }: {
    auth: Auth;
    env: Env;
    rate: RateConsumer;
    signInThrottle: SignInThrottle;
    queue: JobQueue;
    /** Records the optional purposes a sign-up ticked (decision 0174). */
    privacy: Pick<PrivacyService, 'recordSignUp'>;
  },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const basePath = '/api/auth';

  // Better Auth parses bodies itself; an empty JSON body (sign-out) must reach it, not fail here.
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.get(
    `${basePath}/providers`,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign-in methods available on this server (the Google button shows only when configured)',
        response: { 200: AuthProviders },
      },
      config: { access: { kind: 'public', reason: 'the sign-in page shows its buttons to visitors' } },
    },
    async () => ({ emailPassword: true, google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) }),
  );

  app.route({
    method: ['GET', 'POST'],
    url: `${basePath}/*`,
    schema: { hide: true },
    config: {
      access: { kind: 'public', reason: "Better Auth's own routes: each checks its own session or token" },
    },
    handler: async (request, reply) => {
      const path = new URL(request.url, 'http://local').pathname.slice(basePath.length);
      let body = typeof request.body === 'string' ? request.body : undefined;
      let throttled: { email: string; knownDevice: boolean } | null = null;
      let rewritten = false;
      let signUpConsents: { email: string; purposes: ConsentPurpose[]; language: 'en' | 'vi' } | null = null;

      if (request.method === 'POST' && body !== undefined && body.trim() !== '') {
        // Read the body the way Better Auth would (JSON with or without a BOM, or a form), and hand it
        // the same fields as plain JSON: what is counted and checked here is what it then sees.
        const parsed = parseAuthBody(body, request.headers['content-type']);
        if (!parsed) {
          if (ACCOUNT_LIMITED_PATHS.has(path)) return sendInvalid(request, reply, 'body');
        } else {
          const nul = findNul(parsed);
          if (nul) return sendInvalid(request, reply, nul, true);
          if (ACCOUNT_LIMITED_PATHS.has(path) && typeof parsed.email === 'string') {
            if (path === '/sign-in/email') {
              const decision = await signInThrottle.before(parsed.email, request.headers.cookie);
              if (!decision.allowed) return sendRateLimited(request, reply, decision.retryAfterSeconds);
              throttled = { email: parsed.email, knownDevice: decision.knownDevice };
            } else {
              const decision = await consumeAccountAttempt(rate, path, parsed.email);
              if (!decision.allowed) return sendRateLimited(request, reply, decision.retryAfter ?? 60);
            }
          }
          if (path === '/request-password-reset') {
            const ip = await rate(`ip:${request.ip}${path}`, IP_RATE_LIMITS[path]);
            if (!ip.allowed) return sendRateLimited(request, reply, ip.retryAfter ?? 60);
            const checked = checkResetRequest(parsed, env.PUBLIC_URL);
            if (!checked.ok) return sendRefusedReset(request, reply, checked.status, checked.field);
            await queuePasswordReset(queue, checked);
            return reply.status(200).send(RESET_REQUESTED);
          }
          if (path === '/sign-up/email') {
            // Whatever the author publishes is credited to this name: a client that sends none gets the
            // e-mail's local part, as the sign-up form prefills it.
            if (parsed.name === undefined || (typeof parsed.name === 'string' && parsed.name.trim() === ''))
              parsed.name = nameFromEmail(parsed.email);
            // E-mails go out in the language the visitor used the site in, unless the client says otherwise.
            if (parsed.locale === undefined) parsed.locale = requestLanguage(request.headers);
            // The optional purposes ticked on the form (none ticked: none recorded); Better Auth never sees them.
            const consents = SignUpConsents.safeParse(parsed.consents ?? []);
            if (!consents.success) return sendInvalid(request, reply, 'consents');
            delete parsed.consents;
            if (typeof parsed.email === 'string') {
              signUpConsents = {
                email: parsed.email,
                purposes: consents.data,
                language: parsed.locale === 'vi' ? 'vi' : 'en',
              };
            }
          }
          // Changing the password signs out every other session, whatever the client asks.
          if (path === '/change-password') parsed.revokeOtherSessions = true;
          body = JSON.stringify(parsed);
          rewritten = true;
        }
      }

      const response = await withDatabaseCause(async (failure) => {
        const answer = await auth.handler(toFetchRequest(request, env.PUBLIC_URL, body, rewritten));
        // A 500 because the database is gone is answered 503 DATABASE_UNAVAILABLE by the error handler.
        if (answer.status >= 500 && failure.cause) throw failure.cause;
        return answer;
      });
      // Recorded right after the account is made, once (a replayed sign-up records nothing more).
      if (signUpConsents && response.ok) {
        await privacy.recordSignUp(signUpConsents.email, signUpConsents.purposes, signUpConsents.language);
      }
      const deviceCookie = throttled
        ? await signInThrottle.after(throttled.email, throttled.knownDevice, response.status)
        : null;
      return sendFetchResponse(request, reply, path, response, deviceCookie);
    },
  });
}

/** "minh.thu" from "minh.thu@example.com": the name a sign-up without one starts with. */
export function nameFromEmail(email: unknown): string {
  if (typeof email !== 'string') return '';
  return email
    .split('@', 1)[0]!
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, FULL_NAME_MAX);
}

/**
 * A write's body as Better Auth reads it: JSON (UTF-8, a leading byte-order mark ignored, as
 * `Request.json()` does) or an URL-encoded form (the last value of a repeated field wins, as in
 * Better Auth). Null when it is neither an object nor a form.
 */
export function parseAuthBody(body: string, contentType: string | undefined): Record<string, unknown> | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    const fields: Record<string, unknown> = {};
    for (const [name, value] of new URLSearchParams(body)) fields[name] = value;
    return fields;
  }
  return parseJsonObject(body.replace(/^\uFEFF/, ''));
}

function sendInvalid(request: FastifyRequest, reply: FastifyReply, field: string, nul = false) {
  const language = requestLanguage(request.headers);
  const message = nul
    ? validationMessage('validation.nulCharacter', language)
    : messageFor('VALIDATION_FAILED', language);
  return reply
    .status(400)
    .type('application/json; charset=utf-8')
    .send({ error: { code: 'VALIDATION_FAILED', message, field }, code: 'VALIDATION_FAILED', message });
}

function parseJsonObject(body: string | undefined): Record<string, unknown> | null {
  if (!body) return null;
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function toFetchRequest(
  request: FastifyRequest,
  publicUrl: string,
  body: string | undefined,
  asJson: boolean,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // Fastify's view of the caller (honours TRUST_PROXY); a client cannot choose its own rate-limit bucket.
  headers.set(CLIENT_IP_HEADER, request.ip);
  if (asJson) headers.set('content-type', 'application/json');
  const url = new URL(request.url, publicUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, { method: request.method, headers, body: hasBody ? (body ?? '') : undefined });
}

async function sendFetchResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  response: Response,
  extraCookie: string | null = null,
) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (extraCookie) cookies.push(extraCookie);
  if (cookies.length > 0) reply.header('set-cookie', cookies);

  if (response.status < 400) {
    const buffer = Buffer.from(await response.arrayBuffer());
    return reply.send(buffer.length > 0 ? buffer : null);
  }

  const text = await response.text();
  const original = parseJsonObject(text) ?? {};
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('x-retry-after')) || 60;
    return sendRateLimited(request, reply, retryAfter);
  }
  const field = fieldOf(original.message);
  const code = codeFor(path, response.status, original.code, field, original.message);
  if (response.status >= 500) {
    request.log.error(
      { url: redactUrl(request.url), status: response.status, authCode: original.code },
      'auth endpoint failed',
    );
  }
  const message = messageFor(code, requestLanguage(request.headers));
  // `code`/`message` at the top too: Better Auth's own client reads them there.
  return reply
    .type('application/json; charset=utf-8')
    .send({ error: { code, message, ...(field ? { field } : {}) }, code, message });
}

function sendRefusedReset(request: FastifyRequest, reply: FastifyReply, status: 400 | 403, field: string) {
  const code: ErrorCode =
    status === 403 ? 'FORBIDDEN' : field === 'email' ? 'INVALID_EMAIL' : 'VALIDATION_FAILED';
  const message = messageFor(code, requestLanguage(request.headers));
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ error: { code, message, field }, code, message });
}

function sendRateLimited(request: FastifyRequest, reply: FastifyReply, retryAfter: number) {
  const message = messageFor('RATE_LIMITED', requestLanguage(request.headers));
  return reply
    .status(429)
    .header('retry-after', String(retryAfter))
    .type('application/json; charset=utf-8')
    .send({ error: { code: 'RATE_LIMITED', message }, code: 'RATE_LIMITED', message });
}

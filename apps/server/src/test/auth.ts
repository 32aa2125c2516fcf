/**
 * Real sessions for API tests. Stable names; other features' tests rely on them.
 *
 * - `signUpAndVerify(ctx, { email?, password?, admin?, locale? })` → `TestSession`
 *     The whole flow over HTTP: POST /api/auth/sign-up/email, open the confirmation link from the
 *     outbox e-mail, POST /api/auth/sign-in/email. `admin: true` then gives the account the admin role
 *     (as `npm run admin -- grant` would) before signing in.
 * - `signInAs(ctx, userRow)` → `TestSession`
 *     A session for any user row (e.g. one made by `createUser`), written like Better Auth writes it;
 *     no password needed. The viewer's role comes from the row, so `createUser(db, { role: 'admin' })` works.
 * - `signedInUser(ctx, overrides?)` → `TestSession` of a new `createUser` row: the usual actor of a test.
 * - `signIn(ctx, email, password)` → `TestSession` through POST /api/auth/sign-in/email.
 * - `readOutbox(ctx, to)` → the e-mails written to `$DATA_DIR/outbox` for `to`, oldest first, with their link.
 * - `sessionCaller(() => ctx)` → `call(method, url, session, payload?, headers?)`, a request as a session.
 * - `authPost(ctx, path, payload, headers?)` → a POST to `/api/auth<path>` from a client address of its own.
 *
 * A `TestSession` has `user` (the row), `cookie` (the `name=value` pair), `bearer` (the token),
 * `headers` (`{ cookie, origin }`, as the web app's browser sends them: writes with a cookie need the
 * site's Origin) and `bearerHeaders` (`{ authorization: 'Bearer …' }`):
 *     await ctx.app.inject({ method: 'GET', url: '/api/profile/me', headers: session.headers })
 *
 * Every HTTP call here comes from its own client address, so these helpers never use up the per-IP
 * sign-up and sign-in limits that rate-limit tests assert on.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeQuotedPrintable } from '../../../../scripts/lib/outbox.ts';
import { session as sessionTable, user as userTable } from '../db/schema.ts';
import { resolveAuthSecret } from '../infra/auth/secret.ts';
import type { TestContext } from './app.ts';
import { createUser } from './factories.ts';

export type UserRow = typeof userTable.$inferSelect;

export interface TestSession {
  user: UserRow;
  cookie: string;
  bearer: string;
  headers: { cookie: string; origin: string };
  bearerHeaders: { authorization: string };
}

export const SESSION_COOKIE = 'better-auth.session_token';
export const TEST_PASSWORD = 'correct horse battery';

let addressSequence = 0;
/** A client address of its own (TEST-NET-2), so helper traffic stays out of the per-IP buckets. */
export function uniqueAddress(): string {
  addressSequence += 1;
  return `198.51.${(addressSequence >> 8) & 255}.${addressSequence & 255}`;
}

export interface OutboxMail {
  file: string;
  raw: string;
  subject: string;
  text: string;
  html: string;
  link: string | null;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Headers (names lower-cased, folded lines joined) and body of one MIME entity. */
function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const separator = entity.indexOf('\n\n');
  const head = separator === -1 ? entity : entity.slice(0, separator);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: separator === -1 ? '' : entity.slice(separator + 2) };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=); whitespace between two words is dropped. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?(.*?)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Subject, plain-text part and first link of a message as nodemailer writes it (outbox file or SMTP data). */
export function parseMail(raw: string): { subject: string; text: string; html: string; link: string | null } {
  const message = splitEntity(raw.replace(/\r\n/g, '\n'));
  const parts: { type: string; body: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(message.headers.get('content-type') ?? '')?.[1];
  const entities = boundary
    ? message.body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((entity) => splitEntity(entity.replace(/^\n/, '')))
    : [message];
  for (const { headers, body } of entities) {
    const type = (headers.get('content-type') ?? 'text/plain').split(';')[0]!.toLowerCase();
    parts.push({ type, body: decodeBody(body, headers.get('content-transfer-encoding')?.toLowerCase()) });
  }
  const text = parts.find((part) => part.type === 'text/plain')?.body ?? '';
  const html = parts.find((part) => part.type === 'text/html')?.body ?? '';
  const link = /https?:\/\/[^\s<>"]+/.exec(text)?.[0] ?? null;
  return { subject: decodeHeader(message.headers.get('subject') ?? ''), text, html, link };
}

export function readOutbox(ctx: Pick<TestContext, 'dataDir'>, to: string): OutboxMail[] {
  const directory = join(ctx.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(directory)
      .filter((file) => file.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((file) => ({ file, raw: readFileSync(join(directory, file), 'utf8') }))
    .filter(({ raw }) => new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(raw))
    .map(({ file, raw }) => ({ file, raw, ...parseMail(raw) }));
}

/** The path and query of an e-mail link, ready for `app.inject`. */
export function linkPath(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

function sessionCookieFrom(setCookie: string | string[] | undefined): string | null {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const cookie of cookies) {
    const pair = cookie.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (name.endsWith(SESSION_COOKIE) && pair.length > name.length + 1) return pair;
  }
  return null;
}

function toSession(
  ctx: Pick<TestContext, 'env'>,
  user: UserRow,
  cookie: string,
  bearer: string,
): TestSession {
  const origin = new URL(ctx.env.PUBLIC_URL).origin;
  return {
    user,
    cookie,
    bearer,
    headers: { cookie, origin },
    bearerHeaders: { authorization: `Bearer ${bearer}` },
  };
}

async function findUser(ctx: TestContext, email: string): Promise<UserRow> {
  const [row] = await ctx.db.select().from(userTable).where(eq(userTable.email, email.toLowerCase()));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

export async function signIn(ctx: TestContext, email: string, password: string): Promise<TestSession> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: uniqueAddress(),
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookieFrom(response.headers['set-cookie']);
  const bearer = response.headers['set-auth-token'];
  if (!cookie || typeof bearer !== 'string')
    throw new Error('sign-in answered without a session cookie or token');
  return toSession(ctx, await findUser(ctx, email), cookie, bearer);
}

let emailSequence = 0;

export async function signUpAndVerify(
  ctx: TestContext,
  options: { email?: string; password?: string; admin?: boolean; locale?: 'en' | 'vi' } = {},
): Promise<TestSession> {
  emailSequence += 1;
  const email = options.email ?? `member${emailSequence}-${randomUUID().slice(0, 8)}@example.test`;
  const password = options.password ?? TEST_PASSWORD;
  const signUp = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: uniqueAddress(),
    payload: { email, password, ...(options.locale ? { locale: options.locale } : {}) },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  // The confirmation e-mail is a queued job, as every e-mail is.
  await ctx.app.jobs.runDue();
  const mail = readOutbox(ctx, email).at(-1);
  if (!mail?.link) throw new Error(`no confirmation e-mail for ${email}`);
  const verify = await ctx.app.inject({
    method: 'GET',
    url: linkPath(mail.link),
    remoteAddress: uniqueAddress(),
  });
  if (verify.statusCode >= 400) throw new Error(`confirmation failed: ${verify.statusCode} ${verify.body}`);
  if (options.admin) {
    await ctx.db.update(userTable).set({ role: 'admin' }).where(eq(userTable.email, email.toLowerCase()));
  }
  return signIn(ctx, email, password);
}

/** Signs `token` the way Better Auth signs its session cookie (HMAC-SHA256, base64). */
function signToken(token: string, secret: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}

export async function signInAs(ctx: Pick<TestContext, 'db' | 'env'>, user: UserRow): Promise<TestSession> {
  const token = randomBytes(24).toString('base64url');
  await ctx.db.insert(sessionTable).values({
    id: randomUUID(),
    token,
    userId: user.id,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    ipAddress: '127.0.0.1',
    userAgent: 'flowbay-test',
  });
  const signed = signToken(token, resolveAuthSecret(ctx.env));
  const [fresh] = await ctx.db.select().from(userTable).where(eq(userTable.id, user.id));
  // Better Auth prefixes the cookie name with __Secure- when the site is served over https.
  const name = ctx.env.PUBLIC_URL.startsWith('https://') ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
  return toSession(ctx, fresh ?? user, `${name}=${encodeURIComponent(signed)}`, signed);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `call(method, url, session, payload?, headers?)` for one test file: the request as `session`
 * (anonymous when null) with a JSON payload when there is one.
 */
/** A POST to the auth API (`/api/auth<path>`) from a client address of its own. */
export function authPost(
  ctx: TestContext,
  path: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    remoteAddress: uniqueAddress(),
    headers,
    payload,
  });
}

/** The session's owner asks to change their password from `current` to `next` (the answer is the test's to check). */
export function changePassword(ctx: TestContext, session: TestSession, current: string, next: string) {
  return authPost(ctx, '/change-password', { currentPassword: current, newPassword: next }, session.headers);
}

export function sessionCaller(context: () => TestContext) {
  return (
    method: Method,
    url: string,
    session: Pick<TestSession, 'headers'> | { headers: Record<string, string> } | null,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    context().app.inject({
      method,
      url,
      headers: { ...(session?.headers ?? {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

/** A new user (`createUser(ctx.db, overrides)`) with a session: the usual actor of an API test. */
export async function signedInUser(
  ctx: Pick<TestContext, 'db' | 'env'>,
  overrides?: Parameters<typeof createUser>[1],
): Promise<TestSession> {
  return signInAs(ctx, await createUser(ctx.db, overrides));
}

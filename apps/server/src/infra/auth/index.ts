import { randomUUID } from 'node:crypto';
import { APIError, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { bearer } from 'better-auth/plugins/bearer';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, type Language } from '@flowbay/domain';
import { isDatabaseUnavailable } from '../../db/availability.ts';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { MailMessage } from '../mailer/index.ts';
import { passwordChangedMail, resetPasswordMail, verifyEmailMail } from '../mailer/templates.ts';
import { oversizedField, passwordWeaknessOf } from './auth-input.ts';
import { noteDatabaseFailure } from './database-failure.ts';
import { googleDiscoveryOverride } from './google.ts';
import { normalizeStoredProfile, PROFILE_WRITING_PATHS, profileViolation } from './profile-rules.ts';
import { asBetterAuthStorage, type RateConsumer } from './rate-limit.ts';
import { resolveAuthSecret } from './secret.ts';
import { foreignRedirectField, linkInLanguage } from './return-links.ts';
import { refuseForeignSessionRevoke } from './session-ownership.ts';

/** Better Auth reads the client address from this header only; the Fastify mount sets it from `request.ip`. */
export const CLIENT_IP_HEADER = 'x-flowbay-client-ip';

/** Per-IP limits on the paths that cost a password hash or send an e-mail (seconds, requests). */
export const IP_RATE_LIMITS = {
  '/sign-up/email': { window: 600, max: 10 },
  '/sign-in/email': { window: 300, max: 20 },
  '/request-password-reset': { window: 900, max: 5 },
  '/reset-password': { window: 900, max: 10 },
  '/send-verification-email': { window: 900, max: 5 },
} as const;

export interface AuthLog {
  error(details: unknown, message: string): void;
  warn(details: unknown, message: string): void;
  info(details: unknown, message: string): void;
  debug(details: unknown, message: string): void;
}

export interface CreateAuthOptions {
  env: Env;
  db: Database;
  log: AuthLog;
  /** The shared counter behind every auth rate limit (rate_limit table, or Redis when configured). */
  rate: RateConsumer;
  /** What else a new password (changed or reset) ends besides sessions: the n8n library keys. */
  onPasswordChanged?: (userId: string) => Promise<unknown>;
  /** After Better Auth changed a user row (a name, a picture): what others see of them may differ. */
  onUserChanged?: (userId: string) => Promise<unknown>;
  /**
   * Queues an e-mail (a job: retried while SMTP is down). Every e-mail Better Auth sends (the
   * confirmation, the reset, "your password was changed") goes this way: Better Auth swallows a
   * failed send, so a direct send during an SMTP outage would be lost.
   */
  sendLater: (message: MailMessage) => Promise<unknown>;
}

const Locale = z.enum(['en', 'vi']);

function languageOf(user: object): Language {
  return (user as { locale?: unknown }).locale === 'vi' ? 'vi' : 'en';
}

/** Gives the `admin` role to a verified account whose e-mail is in `ADMIN_EMAILS`. */
export async function promoteListedAdmin(db: Database, env: Pick<Env, 'ADMIN_EMAILS'>, userId: string) {
  if (env.ADMIN_EMAILS.length === 0) return;
  // The role and its audit row (decision 0175) are written together.
  await db.transaction(async (tx) => {
    const promoted = await tx
      .update(schema.user)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(
        and(
          eq(schema.user.id, userId),
          eq(schema.user.emailVerified, true),
          ne(schema.user.role, 'admin'),
          inArray(sql`lower(${schema.user.email})`, env.ADMIN_EMAILS),
        ),
      )
      .returning({ id: schema.user.id, email: schema.user.email });
    for (const row of promoted) {
      await tx.insert(schema.auditEvents).values({
        actorId: null,
        actorLabel: 'system',
        action: 'role.grant',
        subjectType: 'user',
        subjectId: row.id,
        before: { role: 'user', email: row.email },
        after: { role: 'admin', email: row.email },
        note: 'ADMIN_EMAILS',
      });
    }
  });
}

export function createAuth({
  env,
  db,
  log,
  rate,
  onPasswordChanged,
  onUserChanged,
  sendLater,
}: CreateAuthOptions) {
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          prompt: 'select_account' as const,
        }
      : undefined;
  return betterAuth({
    appName: 'Flowbay',
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: resolveAuthSecret(env),
    trustedOrigins: [env.PUBLIC_URL],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    logger: {
      level: 'warn',
      log(level, message, ...args) {
        const details = args.length > 0 ? { details: args } : {};
        // A database outage is answered with 503 and logged once per request by the API's error handler.
        if (level === 'error' && noteDatabaseFailure(args)) log.warn(details, `auth: ${message}`);
        else if (level === 'error') log.error(details, `auth: ${message}`);
        else if (level === 'warn') log.warn(details, `auth: ${message}`);
        else log.debug(details, `auth: ${message}`);
      },
    },
    onAPIError: {
      // A refused sign-in is routine (debug); anything else is a server fault worth an error line.
      onError(error) {
        // Thrown on to the API's error handler, which answers 503 DATABASE_UNAVAILABLE (not Better Auth's 500).
        if (isDatabaseUnavailable(error)) throw error;
        const status = error instanceof APIError ? Number(error.statusCode) : 500;
        if (status < 500) log.debug({ status, message: (error as Error).message }, 'auth: request refused');
        else log.error({ err: error }, 'auth: endpoint failed');
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        locale: {
          type: 'string',
          required: false,
          defaultValue: 'en',
          input: true,
          validator: { input: Locale },
        },
        displayName: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async onPasswordReset({ user }) {
        await onPasswordChanged?.(user.id);
      },
      async sendResetPassword({ user, url }) {
        const language = languageOf(user);
        const message = resetPasswordMail(user.email, language, linkInLanguage(url, language));
        await sendLater(message);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        const language = languageOf(user);
        await sendLater(verifyEmailMail(user.email, language, linkInLanguage(url, language)));
      },
      async afterEmailVerification(user) {
        await promoteListedAdmin(db, env, user.id);
      },
    },
    socialProviders: google ? { google } : {},
    // Google's tokens are kept encrypted (under the auth secret) rather than in clear (decision 0176).
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] }, encryptOAuthTokens: true },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      // Shared by every server process: Redis when configured, else the rate_limit table.
      customStorage: asBetterAuthStorage(rate),
      window: 60,
      max: 100,
      customRules: IP_RATE_LIMITS,
    },
    advanced: {
      // Made here, not by the database: Better Auth's 'uuid' option leaves it to a column default we do not have.
      database: { generateId: () => randomUUID() },
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: { before: async (user) => ({ data: normalizeStoredProfile(user) }) },
        update: {
          before: async (changes) => ({ data: normalizeStoredProfile(changes) }),
          after: async (user) => void (await onUserChanged?.(user.id)),
        },
      },
      // Google's ID token (the user's identity, in clear) is not kept: nothing reads it after sign-in.
      account: {
        create: { before: async (account) => ({ data: { ...account, idToken: null } }) },
        update: {
          before: async (changes) => (changes.idToken ? { data: { ...changes, idToken: null } } : undefined),
        },
      },
      session: {
        create: {
          async after(session) {
            await promoteListedAdmin(db, env, session.userId);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const tooLong = oversizedField(ctx.body);
        if (tooLong) {
          throw new APIError('BAD_REQUEST', {
            code: /password/i.test(tooLong) ? 'PASSWORD_TOO_LONG' : 'VALIDATION_ERROR',
            message: `[body.${tooLong}] is too long`,
          });
        }
        // Only this site's pages after a sign-in, a confirmation or a reset: "//evil.example" and
        // "/\\evil.example" are other sites to a browser, whatever Better Auth's origin check reads.
        const foreign = foreignRedirectField(ctx.body, ctx.query, env.PUBLIC_URL);
        if (foreign) {
          throw new APIError('FORBIDDEN', {
            code: 'FORBIDDEN',
            message: `[body.${foreign.field}] leads to another site`,
          });
        }
        await refuseForeignSessionRevoke(ctx);
        const weakness = passwordWeaknessOf(ctx.path, ctx.body);
        if (weakness) {
          throw new APIError('BAD_REQUEST', {
            code: weakness.code,
            message: `[body.${weakness.field}] ${weakness.code}`,
          });
        }
        // The profile rules of PUT /api/profile/me hold here too (bounded name, no typed-in avatar).
        if (PROFILE_WRITING_PATHS.has(ctx.path)) {
          const violation = profileViolation(ctx.body);
          if (violation) {
            throw new APIError('BAD_REQUEST', {
              code: 'VALIDATION_ERROR',
              message: `[body.${violation.field}] ${violation.message}`,
            });
          }
        }
        // The sign-up rule: the client must be able to say "This email already exists."
        // Better Auth hides it when verification is required; docs/decisions/0010-duplicate-signup.md.
        if (ctx.path !== '/sign-up/email') return;
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (typeof email !== 'string' || !z.email().safeParse(email).success) return;
        const existing = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
        if (existing?.user) {
          throw new APIError('UNPROCESSABLE_ENTITY', {
            code: 'USER_ALREADY_EXISTS',
            message: 'User already exists. Use another email.',
          });
        }
      }),
      // "Your password was changed", so a change someone else made is noticed.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password') return;
        const changed = ctx.context.newSession?.user ?? ctx.context.session?.user;
        if (ctx.context.returned instanceof Error || !changed) return;
        await onPasswordChanged?.(changed.id);
        await sendLater(
          passwordChangedMail(changed.email, languageOf(changed), `${env.PUBLIC_URL}/auth?tab=forgot`),
        );
      }),
    },
    plugins: [
      bearer(),
      ...(google && env.GOOGLE_DISCOVERY_URL ? [googleDiscoveryOverride(env.GOOGLE_DISCOVERY_URL)] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

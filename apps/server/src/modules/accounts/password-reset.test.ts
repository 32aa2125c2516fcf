import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verification } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { linkPath, readOutbox, signUpAndVerify, uniqueAddress } from '../../test/auth.ts';
import { PASSWORD_RESET_JOB } from './password-reset.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const requestReset = (payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    remoteAddress: uniqueAddress(),
    payload,
  });

async function workOnTheRequestPath(email: string) {
  const jobsBefore = (await ctx.app.jobs.list({ kind: PASSWORD_RESET_JOB })).length;
  const [tokensBefore] = await ctx.db.select({ n: count() }).from(verification);
  const mailsBefore = readOutbox(ctx, email).length;
  const response = await requestReset({ email, redirectTo: '/reset-password' });
  const [tokensAfter] = await ctx.db.select({ n: count() }).from(verification);
  return {
    status: response.statusCode,
    body: response.body,
    jobsQueued: (await ctx.app.jobs.list({ kind: PASSWORD_RESET_JOB })).length - jobsBefore,
    tokensMade: tokensAfter!.n - tokensBefore!.n,
    mailsSent: readOutbox(ctx, email).length - mailsBefore,
  };
}

describe('asking for a password reset', () => {
  it('does the same work for a known and an unknown address; the known one gets its link from the job', async () => {
    const known = await signUpAndVerify(ctx);
    const forKnown = await workOnTheRequestPath(known.user.email);
    const forUnknown = await workOnTheRequestPath('nobody-here@example.test');
    expect(forKnown).toEqual(forUnknown);
    expect(forKnown).toEqual({
      status: 200,
      body: JSON.stringify({
        status: true,
        message: 'If this email exists in our system, check your email for the reset link',
      }),
      jobsQueued: 1,
      tokensMade: 0,
      mailsSent: 0,
    });

    await ctx.app.jobs.runDue();
    const [mail] = readOutbox(ctx, known.user.email).filter((m) => m.link?.includes('/reset-password/'));
    expect(mail).toBeDefined();
    const opened = await ctx.app.inject({
      method: 'GET',
      url: linkPath(mail!.link!),
      remoteAddress: uniqueAddress(),
    });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toMatch(/\/reset-password\?lang=en&token=/);
    expect(readOutbox(ctx, 'nobody-here@example.test')).toEqual([]);
  });

  it('refuses what Better Auth refused: an invalid address, and a link back to another site', async () => {
    const invalid = await requestReset({ email: 'not an address' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({ code: 'INVALID_EMAIL', field: 'email' });
    const elsewhere = await requestReset({
      email: 'someone@example.test',
      redirectTo: 'https://evil.example/steal',
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.code).toBe('FORBIDDEN');
    const protocolRelative = await requestReset({
      email: 'someone@example.test',
      redirectTo: '//evil.example/',
    });
    expect(protocolRelative.statusCode).toBe(403);
    // An address that is no URL at all is a bad request, never a 500.
    const unreadable = await requestReset({ email: 'someone@example.test', redirectTo: 'http://[::1' });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error).toMatchObject({ field: 'redirectTo' });
  });
});

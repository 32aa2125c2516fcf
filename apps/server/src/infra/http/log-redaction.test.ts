import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { linkPath, readOutbox, signUpAndVerify, uniqueAddress } from '../../test/auth.ts';
import { createLibraryKey } from '../../test/n8n.ts';
import { redactUrl } from './log-redaction.ts';

let ctx: TestContext;
let log = '';

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  ctx = await createTestApp({ app: { logger: { level: 'debug', stream } } });
});
afterAll(async () => {
  await ctx?.close();
});

describe('the request log never holds a reset or verification token', () => {
  it('redacts the confirmation link, the reset link and the page the reset link leads to', async () => {
    const email = `log-${Date.now()}@example.test`;
    const session = await signUpAndVerify(ctx, { email });
    const confirmation = readOutbox(ctx, email).at(0)!.link!;
    const confirmationToken = new URL(confirmation).searchParams.get('token')!;
    expect(confirmationToken.length).toBeGreaterThan(10);

    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: uniqueAddress(),
      payload: { email: session.user.email, redirectTo: '/reset-password' },
    });
    // The reset e-mail is written by a job (the same work for every address).
    await ctx.app.jobs.runDue();
    const reset = readOutbox(ctx, email).at(-1)!.link!;
    const resetPath = linkPath(reset);
    const resetToken = /\/reset-password\/([^/?]+)/.exec(resetPath)![1]!;
    const followed = await ctx.app.inject({ method: 'GET', url: resetPath, remoteAddress: uniqueAddress() });
    expect(followed.statusCode).toBe(302);
    const landing = String(followed.headers.location);
    expect(landing).toContain(resetToken);
    await ctx.app.inject({ method: 'GET', url: landing.replace(/^https?:\/\/[^/]+/, '') });
    // An OAuth callback's one-time code and state.
    await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?code=oauth-secret-code&state=oauth-state-x',
    });

    // The request log: every line written for a request (the outbox driver's own line, which shows
    // the link on purpose for a local install without SMTP, is not one of them).
    const requestLog = log
      .split('\n')
      .filter((line) => line.includes('"reqId"'))
      .join('\n');
    expect(requestLog).toContain('/api/auth/verify-email?token=%5Bredacted%5D');
    expect(requestLog).toContain('/api/auth/reset-password/[redacted]');
    // The reset page's address carries the reader's language before its token.
    expect(requestLog).toMatch(/\/reset-password\?(?:[^"\s]*&)?token=%5Bredacted%5D/);
    for (const secret of [confirmationToken, resetToken, 'oauth-secret-code', 'oauth-state-x']) {
      expect(requestLog).not.toContain(secret);
    }
  });
});

describe('the log never holds an n8n library key', () => {
  it('redacts the key from every line of requests to the keyed templates host, known key or not', async () => {
    const owner = await signUpAndVerify(ctx);
    const key = await createLibraryKey(ctx, owner);
    const unknownKey = 'fbn8n_UnknownKeyThatWasNeverIssued0123456789';
    const from = log.length;
    const urls = [
      `/n8n/k/${key}/health`,
      `/n8n/k/${key}/templates/search?search=slack&page=1&limit=20`,
      `/n8n/k/${key}/vi/templates/workflows/1`,
      `/n8n/k/${unknownKey}/templates/categories`,
      // A host set up without the /k/ segment: an unknown path that still carries the key.
      `/n8n/${key}/templates/search`,
    ];
    for (const url of urls) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { origin: 'http://n8n.local' } });
      expect(response.statusCode).toBeLessThan(500);
    }

    const written = log.slice(from);
    expect(written).toContain('/n8n/k/[redacted]/health');
    expect(written).toContain('/n8n/k/[redacted]/vi/templates/workflows/1');
    expect(written).not.toContain(key);
    expect(written).not.toContain(key.slice('fbn8n_'.length));
    expect(written).not.toContain(unknownKey);
  });
});

describe('redactUrl', () => {
  it.each([
    [
      '/api/auth/verify-email?token=abc.def&callbackURL=%2F',
      '/api/auth/verify-email?token=%5Bredacted%5D&callbackURL=%2F',
    ],
    [
      '/api/auth/reset-password/tok123?callbackURL=%2Freset-password',
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    ],
    ['/reset-password?token=tok123', '/reset-password?token=%5Bredacted%5D'],
    [
      '/api/auth/x?callbackURL=http%3A%2F%2Fsite%2Freset-password%3Ftoken%3Dtok123',
      '/api/auth/x?callbackURL=http%3A%2F%2Fsite%2Freset-password%3Ftoken%3D%255Bredacted%255D',
    ],
    ['/api/workflows?search=token&page=2', '/api/workflows?search=token&page=2'],
    ['/n8n/k/fbn8n_tok123/templates/search?page=1', '/n8n/k/[redacted]/templates/search?page=1'],
    ['/n8n/k/tok123/vi/health', '/n8n/k/[redacted]/vi/health'],
    ['/n8n/fbn8n_tok123/health', '/n8n/[redacted]/health'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(url)).not.toContain('tok123');
  });
});

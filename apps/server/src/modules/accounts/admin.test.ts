import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../cli/admin.ts';
import { openDatabase } from '../../db/client.ts';
import { user as userTable } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  linkPath,
  readOutbox,
  signIn,
  signUpAndVerify,
  TEST_PASSWORD,
  uniqueAddress,
} from '../../test/auth.ts';
import { createUser } from '../../test/factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { ADMIN_EMAILS: 'Chief@Example.test, second@example.test' } });
});
afterAll(async () => {
  await ctx?.close();
});

async function roleOf(email: string) {
  const [row] = await ctx.db
    .select({ role: userTable.role })
    .from(userTable)
    .where(eq(userTable.email, email));
  return row?.role;
}

async function viewerRole(headers: Record<string, string>) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/profile/me', headers });
  return response.statusCode === 200 ? (response.json().role as string) : response.statusCode;
}

describe('ADMIN_EMAILS', () => {
  it('makes a listed address an admin only once it is confirmed', async () => {
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'chief@example.test', password: TEST_PASSWORD },
      remoteAddress: uniqueAddress(),
    });
    expect(signUp.statusCode).toBe(200);
    expect(await roleOf('chief@example.test')).toBe('user');

    await ctx.app.jobs.runDue(); // the confirmation e-mail is sent by a job
    const link = readOutbox(ctx, 'chief@example.test').at(-1)!.link!;
    const confirm = await ctx.app.inject({
      method: 'GET',
      url: linkPath(link),
      remoteAddress: uniqueAddress(),
    });
    expect(confirm.statusCode).toBe(302);
    expect(await roleOf('chief@example.test')).toBe('admin');
    const session = await signIn(ctx, 'chief@example.test', TEST_PASSWORD);
    expect(await viewerRole(session.bearerHeaders)).toBe('admin');
  });

  it('leaves unlisted addresses as users', async () => {
    const session = await signUpAndVerify(ctx, { email: 'chief.assistant@example.test' });
    expect(await viewerRole(session.headers)).toBe('user');
  });

  it('promotes an already confirmed account listed later, at its next sign-in', async () => {
    await createUser(ctx.db, { email: 'second@example.test', emailVerified: true });
    expect(await roleOf('second@example.test')).toBe('user');
    // A credential for the factory user, set through the real reset flow.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'second@example.test', redirectTo: '/reset-password' },
      remoteAddress: uniqueAddress(),
    });
    await ctx.app.jobs.runDue(); // the reset e-mail is sent by a job
    const opened = await ctx.app.inject({
      method: 'GET',
      url: linkPath(readOutbox(ctx, 'second@example.test').at(-1)!.link!),
      remoteAddress: uniqueAddress(),
    });
    const token = new URL(opened.headers.location as string, 'http://localhost').searchParams.get('token');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: TEST_PASSWORD },
      remoteAddress: uniqueAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await signIn(ctx, 'second@example.test', TEST_PASSWORD);
    expect(await viewerRole(session.headers)).toBe('admin');
  });
});

describe('npm run admin -- grant|revoke', () => {
  it('grants and revokes the role of an existing account; the change applies to its open sessions at once', async () => {
    const session = await signUpAndVerify(ctx, { email: 'helper@example.test' });
    expect(await viewerRole(session.headers)).toBe('user');

    const grant = await runAdminCommand(ctx.db, ['grant', 'Helper@Example.test']);
    expect(grant).toEqual({ exitCode: 0, output: 'helper@example.test is now an admin.' });
    expect(await viewerRole(session.headers)).toBe('admin');
    expect((await runAdminCommand(ctx.db, ['list'])).output).toContain('helper@example.test');

    const revoke = await runAdminCommand(ctx.db, ['revoke', 'helper@example.test']);
    expect(revoke).toEqual({ exitCode: 0, output: 'helper@example.test is no longer an admin.' });
    expect(await viewerRole(session.bearerHeaders)).toBe('user');
  });

  it('fails clearly for an unknown account or a wrong command', async () => {
    expect(await runAdminCommand(ctx.db, ['grant', 'nobody@example.test'])).toEqual({
      exitCode: 1,
      output: 'No account with the e-mail nobody@example.test.',
    });
    expect((await runAdminCommand(ctx.db, ['promote', 'x@example.test'])).exitCode).toBe(2);
    expect((await runAdminCommand(ctx.db, ['grant'])).exitCode).toBe(2);
  });

  it('works as a command on an existing embedded database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flowbay-admin-cli-'));
    try {
      const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
      await handle.migrate();
      await createUser(handle.db, { email: 'owner@example.test' });
      await handle.close();

      const cli = fileURLToPath(new URL('../../cli/admin.ts', import.meta.url));
      const tsx = fileURLToPath(new URL('../../../../../node_modules/.bin/tsx', import.meta.url));
      const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, NODE_ENV: 'development' };
      const { stdout } = await promisify(execFile)(tsx, [cli, 'grant', 'owner@example.test'], { env });
      expect(stdout.trim()).toBe('owner@example.test is now an admin.');
      const unknown = await promisify(execFile)(tsx, [cli, 'revoke', 'ghost@example.test'], { env }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(unknown).toMatchObject({
        code: 1,
        stderr: `Embedded database in ${join(dataDir, 'db')}.\nNo account with the e-mail ghost@example.test.\n`,
      });

      const reopened = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
      const [row] = await reopened.db
        .select()
        .from(userTable)
        .where(eq(userTable.email, 'owner@example.test'));
      await reopened.close();
      expect(row!.role).toBe('admin');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Migrates an embedded database and starts the command twice: minutes on a busy 2-core machine.
  }, 240_000);

  it('from the repository root without DATA_DIR, uses ./data as npm start does; a missing or locked database is a sentence, not a stack trace', async () => {
    const root = fileURLToPath(new URL('../../../../../', import.meta.url));
    const run = (args: string[], env: Record<string, string>, cwd = root) =>
      promisify(execFile)('npm', ['run', '--silent', 'admin', '--', ...args], { cwd, env }).catch(
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const baseEnv = { PATH: process.env.PATH ?? '', NODE_ENV: 'development' };

    // The root's ./data, whatever state it is in here (absent, in use by a server, or there).
    const fromRoot = await run(['list'], baseEnv);
    expect(fromRoot.stderr).toContain(join(root, 'data', 'db'));
    expect(fromRoot.stderr).not.toContain(join('apps', 'server', 'data'));
    expect(fromRoot.stderr).not.toMatch(/^\s+at /m);

    const dataDir = mkdtempSync(join(tmpdir(), 'flowbay-admin-missing-'));
    try {
      const missing = await run(['list'], { ...baseEnv, DATA_DIR: dataDir });
      expect(missing).toMatchObject({ code: 1 });
      expect(missing.stderr.trim()).toBe(
        `There is no Flowbay database in ${join(dataDir, 'db')}. Start the server once (npm start) to create it, ` +
          'or set DATA_DIR (or DATABASE_URL) to the one the server uses.',
      );
      expect(existsSync(join(dataDir, 'db'))).toBe(false);

      // This process holds the folder, as a running server would.
      const held = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
      try {
        const locked = await run(['grant', 'someone@example.test'], { ...baseEnv, DATA_DIR: dataDir });
        expect(locked).toMatchObject({ code: 1 });
        expect(locked.stderr).toContain(`The embedded database in ${join(dataDir, 'db')} is in use`);
        expect(locked.stderr).not.toMatch(/^\s+at /m);
      } finally {
        await held.close();
      }

      // There, but never migrated by a server.
      const unmigrated = await run(['list'], { ...baseEnv, DATA_DIR: dataDir });
      expect(unmigrated).toMatchObject({ code: 1 });
      expect(unmigrated.stderr).toContain('This database has no Flowbay tables yet.');
      expect(unmigrated.stderr).not.toMatch(/^\s+at /m);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

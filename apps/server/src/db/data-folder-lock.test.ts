import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { REPO_ROOT, spawnServer } from '../test/server-process.ts';
import { openDatabase } from './client.ts';
import { DataFolderLockedError } from './data-folder-lock.ts';
import { user } from './schema.ts';

const TSX = join(REPO_ROOT, 'node_modules/.bin/tsx');
const ADMIN_CLI = join(REPO_ROOT, 'apps/server/src/cli/admin.ts');
const MIGRATE_CLI = join(REPO_ROOT, 'apps/server/src/db/migrate-cli.ts');
const OWNER = 'owner@example.test';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin` / `npm run db:migrate` as a separate process on `dataDir`. */
function runCli(script: string, args: string[], dataDir: string): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [script, ...args],
      { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, NODE_ENV: 'development' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every file of a folder with its size and modification time: any write shows here. */
function snapshot(folder: string): string[] {
  return (readdirSync(folder, { recursive: true }) as string[])
    .map((name) => {
      const stat = statSync(join(folder, name));
      return `${name} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}

describe('the embedded database folder lock', () => {
  let dataDir: string;
  let dbDir: string;
  let lockFile: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'flowbay-lock-'));
    dbDir = join(dataDir, 'db');
    lockFile = join(dataDir, 'db.lock');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('while a process has the folder, the admin command, the migrations and a second server refuse, name its pid, and change nothing', async () => {
    const holder = await openDatabase({ kind: 'pglite', dataDir: dbDir });
    try {
      await holder.migrate();
      await createUser(holder.db, { email: OWNER });
      expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
      const before = snapshot(dbDir);

      const grant = await runCli(ADMIN_CLI, ['grant', OWNER], dataDir);
      expect(grant.code).toBe(1);
      expect(grant.stdout).toBe('');
      expect(grant.stderr).toContain(`is in use by a running Flowbay server (pid ${process.pid}`);
      expect(grant.stderr).toContain('Stop that server first, run this again, then start the server again');

      const migrate = await runCli(MIGRATE_CLI, [], dataDir);
      expect(migrate.code).toBe(1);
      expect(migrate.stderr).toContain(`(pid ${process.pid}`);

      const second = await spawnServer({ DATA_DIR: dataDir });
      expect(await second.exited).toEqual({ code: 1, signal: null });
      expect(second.output()).toContain(`is in use by a running Flowbay server (pid ${process.pid}`);

      expect(snapshot(dbDir)).toEqual(before);
      const [owner] = await holder.db.select().from(user).where(eq(user.email, OWNER));
      expect(owner!.role).toBe('user');

      // Within one process too: a second open of the same folder is refused.
      await expect(openDatabase({ kind: 'pglite', dataDir: dbDir })).rejects.toBeInstanceOf(
        DataFolderLockedError,
      );
    } finally {
      await holder.close();
    }
    expect(existsSync(lockFile)).toBe(false);
  }, 400_000);

  it('a lock left by a server that was killed (kill -9) does not block the next command', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir });
    await server.ready();
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(server.child.pid);
    server.child.kill('SIGKILL');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(existsSync(lockFile)).toBe(true);

    const grant = await runCli(ADMIN_CLI, ['grant', OWNER], dataDir);
    expect(grant, grant.stderr).toMatchObject({ code: 0, stdout: `${OWNER} is now an admin.\n` });
    expect(existsSync(lockFile)).toBe(false);

    const reopened = await openDatabase({ kind: 'pglite', dataDir: dbDir });
    const [owner] = await reopened.db.select().from(user).where(eq(user.email, OWNER));
    await reopened.close();
    expect(owner!.role).toBe('admin');
  }, 400_000);
});

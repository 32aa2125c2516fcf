import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { uploads, user } from '../db/schema.ts';
import { loadEnv } from '../env.ts';
import { signInAs, type TestSession } from '../test/auth.ts';
import { createUser } from '../test/factories.ts';
import { runBackup } from './backup.ts';
import { runRestore } from './restore.ts';
import { n8nExport } from '../test/publishing.ts';
import { startTestS3Server } from '../test/s3.ts';
import { REPO_ROOT, spawnServer, type ServerProcess } from '../test/server-process.ts';

const TSX = join(REPO_ROOT, 'node_modules/.bin/tsx');
const BACKUP_CLI = join(REPO_ROOT, 'apps/server/src/cli/backup.ts');
const RESTORE_CLI = join(REPO_ROOT, 'apps/server/src/cli/restore.ts');
const AUTH_SECRET = 'backup-test-secret-of-at-least-32-characters';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run backup` / `npm run restore` as a separate process on `dataDir`. */
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

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let addressSequence = 0;
/** Every request its own client address (TRUST_PROXY), so per-address limits do not refuse the load. */
const nextAddress = () => {
  addressSequence += 1;
  return `203.0.${(addressSequence >> 8) & 255}.${addressSequence & 255}`;
};

interface Acknowledged {
  kind: 'upload' | 'sign-up';
  /** The upload's key, or the signed-up e-mail. */
  id: string;
}

/** Uploads and sign-ups against the server until `stop()`; only the answered (2xx) ones are recorded. */
function startWrites(server: ServerProcess, sessions: TestSession[]) {
  const acknowledged: Acknowledged[] = [];
  const failures: string[] = [];
  let running = true;
  let sequence = 0;
  const upload = async (session: TestSession) => {
    sequence += 1;
    const form = new FormData();
    form.set('folder', 'workflows');
    form.set(
      'file',
      new Blob([n8nExport(`Backup load ${sequence}`)], { type: 'application/json' }),
      'workflow.json',
    );
    const response = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      body: form,
      headers: { ...session.bearerHeaders, 'x-forwarded-for': nextAddress() },
    });
    const body = (await response.json()) as { key?: string };
    if (response.status === 201 && body.key) acknowledged.push({ kind: 'upload', id: body.key });
    else failures.push(`upload: ${response.status} ${JSON.stringify(body)}`);
  };
  const signUp = async () => {
    sequence += 1;
    const email = `backup-${sequence}-${Date.now()}@example.test`;
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({ email, password: 'correct horse battery staple' }),
    });
    await response.text();
    if (response.status === 200) acknowledged.push({ kind: 'sign-up', id: email });
    else failures.push(`sign-up: ${response.status}`);
  };
  const loop = async (step: () => Promise<void>) => {
    while (running) {
      await step().catch((error: unknown) => failures.push(String(error)));
    }
  };
  const loops = [...sessions.map((session) => loop(() => upload(session))), loop(signUp)];
  return {
    acknowledged,
    failures,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function until(check: () => boolean, what: () => string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stop(server: ServerProcess | undefined) {
  if (!server?.isRunning()) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

describe('npm run backup and npm run restore on the embedded database', () => {
  let root: string;
  let dataDir: string;
  let backups: string;
  let sessions: TestSession[];
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'flowbay-backup-'));
    dataDir = join(root, 'data');
    backups = join(root, 'backups');
    // Two members with sessions, made before the server takes the folder.
    const env = loadEnv({ DATA_DIR: dataDir, AUTH_SECRET, SEED_DEMO: 'false' });
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
    try {
      await database.migrate();
      sessions = [];
      for (let index = 0; index < 2; index += 1) {
        sessions.push(await signInAs({ db: database.db, env }, await createUser(database.db)));
      }
    } finally {
      await database.close();
    }
  }, 300_000);

  // A test that failed half-way leaves no server holding the folder for the next one.
  afterEach(() => stop(server));

  afterAll(async () => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('backs up a running server under writes, and the restored copy has every write acknowledged before the backup began, with its files', async () => {
    server = await spawnServer({ DATA_DIR: dataDir, AUTH_SECRET, TRUST_PROXY: 'true' });
    await server.ready();
    const writes = startWrites(server, sessions);
    let before: Acknowledged[];
    let backup: CliResult;
    try {
      await until(
        () =>
          writes.acknowledged.filter((write) => write.kind === 'upload').length >= 6 &&
          writes.acknowledged.some((write) => write.kind === 'sign-up'),
        () =>
          `uploads and a sign-up acknowledged; got ${writes.acknowledged.length}, refused: ` +
          writes.failures.slice(0, 5).join('; '),
      );
      before = [...writes.acknowledged];
      backup = await runCli(BACKUP_CLI, ['--to', backups], dataDir);
    } finally {
      await writes.stop();
    }
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    expect(backup.stdout).toContain('dumped by the running server');
    // The server kept answering writes while the backup ran.
    expect(writes.acknowledged.length).toBeGreaterThan(before.length);

    const [snapshotName] = readdirSync(backups);
    const snapshot = join(backups, snapshotName!);
    // A restore never writes into the folder of a running server.
    const busy = await runCli(RESTORE_CLI, ['--from', snapshot], dataDir);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(
      `${dataDir} is in use by a running Flowbay server (pid ${server.child.pid}`,
    );
    expect(busy.stderr).toContain('Nothing was changed.');
    await stop(server);

    const manifest = JSON.parse(readFileSync(join(snapshot, 'manifest.json'), 'utf8')) as {
      lastMigration: string;
      files: { path: string; size: number; sha256: string }[];
    };
    expect(manifest.lastMigration).toMatch(/^\d{4}_/);

    const restored = join(root, 'restored');
    const restore = await runCli(RESTORE_CLI, ['--from', snapshot], restored);
    expect(restore, restore.stderr).toMatchObject({ code: 0 });

    // A server starts on the restored folder, and the members' sessions still open their accounts.
    server = await spawnServer({ DATA_DIR: restored, AUTH_SECRET });
    await server.ready();
    const favorites = await fetch(`${server.url}/api/favorites`, { headers: sessions[0]!.headers });
    expect(favorites.status).toBe(200);
    expect((await fetch(`${server.url}/api/favorites`)).status).toBe(401);
    await stop(server);

    const uploadKeys = before.filter((write) => write.kind === 'upload').map((write) => write.id);
    const emails = before.filter((write) => write.kind === 'sign-up').map((write) => write.id);
    const database = await openDatabase({ kind: 'pglite', dataDir: join(restored, 'db') });
    try {
      const rows = await database.db.select().from(uploads).where(inArray(uploads.key, uploadKeys));
      expect(rows.map((row) => row.key).sort()).toEqual([...uploadKeys].sort());
      const users = await database.db.select().from(user).where(inArray(user.email, emails));
      expect(users.map((row) => row.email).sort()).toEqual([...emails].sort());
      // Every upload row the restored database has (acknowledged or not) finds its file, byte for byte.
      const all = await database.db.select().from(uploads);
      expect(all.length).toBeGreaterThanOrEqual(uploadKeys.length);
      for (const row of all) {
        const path = join(restored, 'files', row.key);
        expect(existsSync(path), `${row.key} restored`).toBe(true);
        const bytes = readFileSync(path);
        expect(sha(bytes)).toBe(row.sha256);
        expect(bytes).toEqual(readFileSync(join(dataDir, 'files', row.key)));
      }
    } finally {
      await database.close();
    }
  }, 900_000);

  it('refuses a folder that is not empty, and a snapshot with a damaged file, and changes nothing', async () => {
    const [snapshotName] = readdirSync(backups);
    const snapshot = join(backups, snapshotName!);

    const occupied = join(root, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'keep.txt'), 'mine');
    const refused = await runCli(RESTORE_CLI, ['--from', snapshot], occupied);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${occupied} is not empty (keep.txt)`);
    expect(readdirSync(occupied)).toEqual(['keep.txt']);

    const damaged = join(root, 'damaged');
    cpSync(snapshot, damaged, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(damaged, 'manifest.json'), 'utf8')) as {
      files: { path: string }[];
    };
    const victim = manifest.files.find((file) => file.path.startsWith('data/files/'))!.path;
    const bytes = readFileSync(join(damaged, victim));
    bytes[0] = bytes[0]! ^ 0xff;
    writeFileSync(join(damaged, victim), bytes);
    const target = join(root, 'from-damaged');
    const corrupt = await runCli(RESTORE_CLI, ['--from', damaged], target);
    expect(corrupt.code).toBe(1);
    expect(corrupt.stderr).toContain(`${victim} does not match its checksum`);
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);

    rmSync(join(damaged, 'database.tar.gz'));
    const missing = await runCli(RESTORE_CLI, ['--from', damaged], target);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('database.tar.gz is missing');

    const notABackup = await runCli(RESTORE_CLI, ['--from', join(root, 'nowhere')], target);
    expect(notABackup.code).toBe(1);
    expect(notABackup.stderr).toContain('is not a Flowbay backup');
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
  }, 300_000);

  it('backs up a stopped server by opening its folder, and says to use pg_dump on PostgreSQL', async () => {
    const stopped = await runCli(BACKUP_CLI, ['--to', join(root, 'cold')], dataDir);
    expect(stopped, stopped.stderr).toMatchObject({ code: 0 });
    expect(stopped.stdout).toContain('dumped by the stopped server');
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);

    const postgres = await new Promise<CliResult>((resolve) => {
      execFile(
        TSX,
        [BACKUP_CLI, '--to', join(root, 'pg')],
        {
          env: {
            PATH: process.env.PATH ?? '',
            DATA_DIR: dataDir,
            DATABASE_URL: 'postgres://flowbay:secret@db.example.test:5432/flowbay',
          },
        },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toContain('pg_dump --format=custom');
    expect(postgres.stderr).not.toContain('secret');
    expect(existsSync(join(root, 'pg'))).toBe(false);
  }, 300_000);

  it('writes the same snapshot under an S3 prefix, and restores from it', async () => {
    const s3 = await startTestS3Server();
    try {
      const env = loadEnv({ DATA_DIR: dataDir, AUTH_SECRET, SEED_DEMO: 'false', ...s3.env });
      mkdirSync(join(dataDir, 'files/workflows'), { recursive: true });
      writeFileSync(join(dataDir, 'files/workflows/s3-probe.json'), n8nExport('Sent to S3'));
      const backup = await runBackup(env, ['--to', `s3://${s3.bucket}/nightly`]);
      expect(backup.exitCode, backup.output).toBe(0);
      const location = /Backup written to (s3:\/\/\S+)/.exec(backup.output)![1]!;
      expect(location).toMatch(new RegExp(`^s3://${s3.bucket}/nightly/flowbay-`));

      const restored = join(root, 'from-s3');
      const restore = await runRestore({ ...env, DATA_DIR: restored }, ['--from', location]);
      expect(restore.exitCode, restore.output).toBe(0);
      const uploaded = readdirSync(join(dataDir, 'files'), { recursive: true }).map(String).sort();
      expect(uploaded.length).toBeGreaterThan(0);
      expect(readdirSync(join(restored, 'files'), { recursive: true }).map(String).sort()).toEqual(uploaded);
      for (const name of uploaded) {
        const original = join(dataDir, 'files', name);
        if (statSync(original).isFile()) {
          expect(readFileSync(join(restored, 'files', name))).toEqual(readFileSync(original));
        }
      }
      const database = await openDatabase({ kind: 'pglite', dataDir: join(restored, 'db') });
      try {
        const rows = await database.db.select().from(user);
        expect(rows.length).toBeGreaterThanOrEqual(sessions.length);
      } finally {
        await database.close();
      }
    } finally {
      await s3.close();
    }
  }, 300_000);
});

import { randomBytes } from 'node:crypto';
import { readdirSync, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { openDatabase } from '../db/client.ts';
import { DataFolderLockedError, lockDataFolder, type DataFolderLock } from '../db/data-folder-lock.ts';
import { loadEnv, type Env } from '../env.ts';
import {
  DATA_PREFIX,
  DATABASE_DUMP,
  MANIFEST,
  MANIFEST_FORMAT,
  isSafeSnapshotPath,
  lastMigrationOf,
  sha256,
  type Manifest,
} from '../infra/backup/snapshot.ts';
import { openSnapshotReader, parseS3Address } from '../infra/backup/store.ts';
import { optionOf, type CliResult } from './backup.ts';
import { REPO_ROOT, runAsCommand } from './command.ts';

const USAGE = `Usage: npm run restore -- --from <snapshot folder | s3://bucket/prefix/flowbay-…>
Checks every file of the snapshot against its manifest, then restores the embedded database and the
files into DATA_DIR, which must be empty (or not exist yet) and not in use by a server.`;

const Entry = z.object({
  path: z.string().refine(isSafeSnapshotPath, 'not a path inside the snapshot'),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const ManifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  createdAt: z.string(),
  flowbayVersion: z.string(),
  lastMigration: z.string().nullable(),
  source: z.enum(['running server', 'stopped server']),
  database: Entry.refine((entry) => entry.path === DATABASE_DUMP, `must be ${DATABASE_DUMP}`),
  files: z.array(Entry.refine((entry) => entry.path.startsWith(DATA_PREFIX), `must be under ${DATA_PREFIX}`)),
});

const fail = (output: string): CliResult => ({ exitCode: 1, output });

/** Snapshot folders directly inside `folder`, newest last: an operator may give the folder above one. */
function snapshotsInside(folder: string): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => name.startsWith('flowbay-') && existsSync(join(folder, name, MANIFEST)))
      .sort();
  } catch {
    return [];
  }
}

/** The restore's work, apart from process concerns so tests can call it in-process too. */
export async function runRestore(env: Env, args: string[], cwd = process.cwd()): Promise<CliResult> {
  const rawSource = optionOf(args, 'from');
  if (!rawSource) return { exitCode: 2, output: USAGE };
  if (env.DATABASE_URL) {
    return fail(
      'DATABASE_URL is set: the database is PostgreSQL, which this command does not restore.\n' +
        'Restore a pg_dump with pg_restore (README, "Backups"), for example:\n' +
        '  pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" flowbay-<time>.dump',
    );
  }
  const source = parseS3Address(rawSource) ? rawSource : resolve(cwd, rawSource);
  const reader = openSnapshotReader(source, env);

  // 1. The snapshot is whole and unchanged, before anything is written.
  const manifestBytes = await reader.get(MANIFEST);
  if (!manifestBytes) {
    const inside = parseS3Address(source) ? [] : snapshotsInside(source);
    return fail(
      `${reader.location} is not a Flowbay backup: it has no ${MANIFEST} (or the backup did not finish).` +
        (inside.length > 0 ? `\nThe newest backup in it is ${join(source, inside.at(-1)!)}` : '') +
        '\nNothing was changed.',
    );
  }
  let manifest: Manifest;
  try {
    manifest = ManifestSchema.parse(JSON.parse(new TextDecoder().decode(manifestBytes))) as Manifest;
  } catch {
    return fail(
      `The ${MANIFEST} of ${reader.location} is damaged or from another program. Nothing was changed.`,
    );
  }
  const contents = new Map<string, Uint8Array>();
  const problems: string[] = [];
  for (const entry of [manifest.database, ...manifest.files]) {
    const bytes = await reader.get(entry.path);
    if (!bytes) problems.push(`${entry.path} is missing`);
    else if (bytes.byteLength !== entry.size || sha256(bytes) !== entry.sha256) {
      problems.push(`${entry.path} does not match its checksum (damaged or changed since the backup)`);
    } else contents.set(entry.path, bytes);
  }
  if (problems.length > 0) {
    return fail(
      `The backup in ${reader.location} cannot be restored:\n` +
        problems.map((problem) => `  ${problem}`).join('\n') +
        '\nNothing was changed.',
    );
  }

  // 2. An empty data folder that no server uses, and none can start on until the restore is done.
  const dataDir = resolve(env.DATA_DIR);
  let lock: DataFolderLock;
  try {
    lock = lockDataFolder(join(dataDir, 'db'));
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    return fail(
      `${dataDir} is in use by a running Flowbay server (pid ${error.owner.pid}, started ` +
        `${error.owner.startedAt}). A restore writes only into a folder no server uses: set DATA_DIR to a ` +
        `new folder (or stop that server and move its folder aside). Nothing was changed.\n` +
        `If no such process is running, delete ${error.lockPath} and try again.`,
    );
  }
  const staging = join(dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  const moved: string[] = [];
  try {
    const present = (await readdir(dataDir)).filter((name) => name !== 'db.lock');
    if (present.length > 0) {
      const shown = present.slice(0, 5).join(', ') + (present.length > 5 ? ', …' : '');
      return fail(
        `${dataDir} is not empty (${shown}). A restore replaces a whole data folder, so it only writes into ` +
          'an empty one: set DATA_DIR to a new folder, or move this one aside first. Nothing was changed.',
      );
    }
    // 3. Everything into a folder of its own first, then moved into place: a failure leaves DATA_DIR empty.
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: join(staging, 'db'),
      loadDataDir: new Blob([contents.get(DATABASE_DUMP)! as Uint8Array<ArrayBuffer>]),
    });
    let lastMigration: string | null;
    try {
      lastMigration = await lastMigrationOf(database);
    } finally {
      await database.close();
    }
    if (lastMigration !== manifest.lastMigration) {
      throw new Error(
        `the restored database's last migration is ${lastMigration ?? 'none'}, the manifest says ` +
          `${manifest.lastMigration ?? 'none'}`,
      );
    }
    for (const entry of manifest.files) {
      const file = join(staging, entry.path.slice(DATA_PREFIX.length));
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, contents.get(entry.path)!, { mode: 0o600 });
    }
    for (const name of await readdir(staging)) {
      if (name === 'db.lock') continue;
      await rename(join(staging, name), join(dataDir, name));
      moved.push(name);
    }
    await rm(staging, { recursive: true, force: true });
    return {
      exitCode: 0,
      output:
        `Restored the backup of ${manifest.createdAt} (Flowbay ${manifest.flowbayVersion}, last migration ` +
        `${manifest.lastMigration ?? 'none'}) into ${dataDir}: the database and ${manifest.files.length} files.\n` +
        'Start the server on it with DATA_DIR set to that folder (npm start).',
    };
  } catch (error) {
    // Whatever was moved in already goes too: the folder was empty before.
    for (const name of [...moved, staging])
      await rm(resolve(dataDir, name), { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}

runAsCommand(
  import.meta.url,
  async () => {
    const cwd = process.env.INIT_CWD ?? process.cwd();
    process.chdir(REPO_ROOT);
    const result = await runRestore(loadEnv(), process.argv.slice(2), cwd);
    (result.exitCode === 0 ? console.log : console.error)(result.output);
    return result.exitCode;
  },
  'The restore failed',
);

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openDatabase } from '../db/client.ts';
import { loadEnv, type Env } from '../env.ts';
import { requestServerDump } from '../infra/backup/control.ts';
import {
  DATA_PREFIX,
  DATABASE_DUMP,
  MANIFEST,
  MANIFEST_FORMAT,
  dumpEmbedded,
  entryOf,
  flowbayVersion,
  lastMigrationOf,
  listDataFiles,
  type Manifest,
  type ManifestEntry,
} from '../infra/backup/snapshot.ts';
import { openSnapshotWriter, parseS3Address } from '../infra/backup/store.ts';
import { REPO_ROOT, runAsCommand } from './command.ts';

const USAGE = `Usage: npm run backup -- --to <folder | s3://bucket/prefix>
Writes a snapshot of the embedded database and the files of DATA_DIR into a new folder
flowbay-<time> there (or under the S3 prefix, with the S3_* settings), while the server runs or not.
Restore it with: npm run restore -- --from <that snapshot>`;

export interface CliResult {
  exitCode: number;
  /** What the operator reads (stdout on success, stderr otherwise). */
  output: string;
}

/** `--name value` or `--name=value`. */
export function optionOf(args: string[], name: string): string | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === `--${name}`) return args[index + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

/** The pg_dump command an operator on PostgreSQL runs instead (the URL's password is left out). */
function pgDumpAdvice(databaseUrl: string): string {
  let shown = databaseUrl;
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '****';
    shown = url.toString();
  } catch {
    // Printed as given.
  }
  return (
    'DATABASE_URL is set: the database is PostgreSQL, which this command does not copy.\n' +
    'Back it up with PostgreSQL\'s own tools (README, "Backups"), for example:\n' +
    `  pg_dump --format=custom --file=flowbay-$(date -u +%Y%m%dT%H%M%SZ).dump "${shown}"\n` +
    "and keep the files in object storage with the bucket's versioning (or replication) turned on."
  );
}

/** The backup's work, apart from process concerns so tests can call it in-process too. */
export async function runBackup(env: Env, args: string[], cwd = process.cwd()): Promise<CliResult> {
  const rawTarget = optionOf(args, 'to');
  if (!rawTarget) return { exitCode: 2, output: USAGE };
  if (env.DATABASE_URL) return { exitCode: 1, output: pgDumpAdvice(env.DATABASE_URL) };
  const target = parseS3Address(rawTarget) ? rawTarget : resolve(cwd, rawTarget);
  const dataDir = resolve(env.DATA_DIR);
  const dbDir = join(dataDir, 'db');
  if (!existsSync(dbDir)) {
    return {
      exitCode: 1,
      output: `There is no Flowbay database in ${dbDir}: nothing to back up. Set DATA_DIR to the folder the server uses.`,
    };
  }

  // The database first, then the files: a file written after the dump is extra, never missing.
  const createdAt = new Date();
  let dump: Uint8Array;
  let lastMigration: string | null;
  let source: Manifest['source'];
  const fromServer = await requestServerDump(dataDir);
  if (fromServer) {
    ({ dump, lastMigration } = fromServer);
    source = 'running server';
  } else {
    // No server runs: open the folder, holding its lock so none starts meanwhile.
    const database = await openDatabase({ kind: 'pglite', dataDir: dbDir });
    try {
      lastMigration = await lastMigrationOf(database);
      dump = await dumpEmbedded(database);
    } finally {
      await database.close();
    }
    source = 'stopped server';
  }

  const name = `flowbay-${createdAt.toISOString().replace(/[:.]/g, '-')}`;
  const writer = await openSnapshotWriter(target, name, env);
  try {
    const database = entryOf(DATABASE_DUMP, dump);
    await writer.put(DATABASE_DUMP, dump);
    const files: ManifestEntry[] = [];
    const exclude = parseS3Address(target) ? [] : [target];
    for (const path of await listDataFiles(dataDir, exclude)) {
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await readFile(join(dataDir, path)));
      } catch (error) {
        // Deleted since it was listed (an upload removed meanwhile): the next backup has no row for it.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const snapshotPath = `${DATA_PREFIX}${path}`;
      await writer.put(snapshotPath, bytes);
      files.push(entryOf(snapshotPath, bytes));
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      createdAt: createdAt.toISOString(),
      flowbayVersion: flowbayVersion(),
      lastMigration,
      source,
      database,
      files,
    };
    await writer.put(MANIFEST, new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`));
    await writer.finish();
    const bytes = files.reduce((sum, file) => sum + file.size, database.size);
    return {
      exitCode: 0,
      output:
        `Backup written to ${writer.location}\n` +
        `  database: ${database.size} bytes (dumped by the ${source}, last migration ${lastMigration ?? 'none'})\n` +
        `  files: ${files.length} (${bytes - database.size} bytes)\n` +
        `Restore it with: npm run restore -- --from ${writer.location}`,
    };
  } catch (error) {
    await writer.abandon().catch(() => undefined);
    throw error;
  }
}

runAsCommand(
  import.meta.url,
  async () => {
    // npm runs scripts at the root; a relative --to means the folder the operator typed it in.
    const cwd = process.env.INIT_CWD ?? process.cwd();
    process.chdir(REPO_ROOT);
    const result = await runBackup(loadEnv(), process.argv.slice(2), cwd);
    (result.exitCode === 0 ? console.log : console.error)(result.output);
    return result.exitCode;
  },
  'The backup failed',
);

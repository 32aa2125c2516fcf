import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type DatabaseHandle } from '../../db/client.ts';

/**
 * A backup of an embedded Flowbay (docs/decisions/0178-backups-of-the-embedded-database.md): a folder
 * (or an S3 prefix) holding `database.tar.gz` (PGlite's dump of `$DATA_DIR/db`), `data/…` (every other
 * file of DATA_DIR: uploads, the auth secret, the outbox) and `manifest.json`, written last, listing
 * each of them with its size and SHA-256 so a restore can check the copy before it touches anything.
 */
export const MANIFEST = 'manifest.json';
export const DATABASE_DUMP = 'database.tar.gz';
export const DATA_PREFIX = 'data/';
export const MANIFEST_FORMAT = 'flowbay-backup/1';

export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  /** When the database was dumped; files are copied after it. */
  createdAt: string;
  flowbayVersion: string;
  /** The tag of the last migration applied to the dumped database (e.g. `0041_envelope_encryption`). */
  lastMigration: string | null;
  /** Whether the running server made the dump, or the command opened the stopped server's folder. */
  source: 'running server' | 'stopped server';
  database: ManifestEntry;
  files: ManifestEntry[];
}

/** Entries of DATA_DIR that are not copied as files: the database (dumped instead), its lock, the control file. */
export const CONTROL_FILE = 'backup-control.json';
const SKIPPED_TOP_LEVEL = new Set(['db', CONTROL_FILE]);

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function entryOf(path: string, bytes: Uint8Array): ManifestEntry {
  return { path, size: bytes.byteLength, sha256: sha256(bytes) };
}

/** A snapshot path is relative, uses `/`, and never climbs out of the snapshot (a manifest is input). */
export function isSafeSnapshotPath(path: string): boolean {
  if (!path || path.startsWith('/') || path.includes('\\') || path.includes('\0')) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** Regular files of DATA_DIR to copy, relative with `/`; skips the database, locks and half-written files. */
export async function listDataFiles(dataDir: string, exclude: string[] = []): Promise<string[]> {
  const root = resolve(dataDir);
  const excluded = exclude.map((path) => resolve(path));
  const found: string[] = [];
  const walk = async (folder: string) => {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names.sort()) {
      const path = join(folder, name);
      const rel = relative(root, path).split(sep).join('/');
      if (folder === root && (SKIPPED_TOP_LEVEL.has(name) || name.startsWith('db.lock'))) continue;
      if (name.endsWith('.part') || name.endsWith('.tmp')) continue;
      if (excluded.some((skip) => path === skip || path.startsWith(skip + sep))) continue;
      const info = await lstat(path).catch(() => null);
      if (!info) continue;
      if (info.isDirectory()) await walk(path);
      else if (info.isFile()) found.push(rel);
    }
  };
  await walk(root);
  return found;
}

interface JournalEntry {
  when: number;
  tag: string;
}

/** The tag of the last migration the database has applied, from drizzle's own table and the journal. */
export async function lastMigrationOf(handle: DatabaseHandle): Promise<string | null> {
  let result: unknown;
  try {
    result = await handle.db.execute(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
  } catch {
    return null; // Never migrated: no migrations table yet.
  }
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    created_at: string | number;
  }[];
  const when = rows[0] ? Number(rows[0].created_at) : null;
  if (when === null) return null;
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.find((entry) => entry.when === when)?.tag ?? `unknown migration (${when})`;
}

/**
 * A consistent dump of an open embedded database: PGlite runs it between two statements (its query
 * lock), after a checkpoint, so it holds every committed transaction and opens like a clean shutdown's
 * folder would after recovery.
 */
export async function dumpEmbedded(handle: DatabaseHandle): Promise<Uint8Array> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  await client.query('CHECKPOINT');
  const dump = await client.dumpDataDir('gzip');
  return new Uint8Array(await dump.arrayBuffer());
}

const SERVER_PACKAGE = new URL('../../../package.json', import.meta.url);

/** The server package's version and, in a git checkout, its commit. */
export function flowbayVersion(): string {
  const version = (JSON.parse(readFileSync(SERVER_PACKAGE, 'utf8')) as { version: string }).version;
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: new URL('.', SERVER_PACKAGE),
    encoding: 'utf8',
  });
  const commit = git.status === 0 ? git.stdout.trim() : '';
  return commit ? `${version} (${commit})` : version;
}

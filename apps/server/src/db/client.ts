import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataFolder } from './data-folder-lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK = 727_172_001;
const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

/** How long a request waits for a database connection before it fails with DATABASE_UNAVAILABLE. */
export const CONNECT_TIMEOUT_MS = 5_000;

export type DatabaseSource =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      connectTimeoutMs?: number;
      /** Told when an open connection dies (restart, network); the pool replaces it on the next query. */
      onConnectionError?: (error: Error) => void;
    }
  /** `dataDir` unset keeps the database in memory; `loadDataDir` starts from a dump (tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: source.url,
      max: source.poolSize ?? 10,
      connectionTimeoutMillis: source.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // Without these listeners a database restart ends the process ("Unhandled 'error' event"): the pool
    // emits errors of idle connections, and a connection emits its own while it is checked out (inside a
    // transaction between two queries). The query in progress fails on its own and the pool drops the
    // broken connection, so the next request connects afresh.
    const reportConnectionError =
      source.onConnectionError ??
      ((error: Error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    pool.on('error', reportConnectionError);
    pool.on('connect', (client) => client.on('error', () => undefined));
    // bigint columns are read as numbers by Drizzle's mode; counts from SQL arrive as int8 strings.
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Several server processes may start at once: one migrates, the others wait for it.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // Before anything touches the folder: a second process would silently split the data (0006).
  const lock = source.dataDir ? lockDataFolder(source.dataDir) : null;
  let client: PGlite;
  try {
    if (source.dataDir) mkdirSync(source.dataDir, { recursive: true });
    client = await PGlite.create({
      dataDir: source.dataDir,
      loadDataDir: source.loadDataDir,
      extensions: PGLITE_EXTENSIONS,
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** Dumps an in-memory PGlite database (tests copy a migrated template this way). */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  /**
   * The connections in use (metrics). PostgreSQL: node-postgres's pool (total, idle, and requests
   * waiting for a connection). PGlite: one connection in this process, so only `total` and `max` (1).
   */
  poolStats(): PoolStats;
  /** Tells `observer` about every query from now on (tracing); `null` stops. */
  observeQueries(observer: QueryObserver | null): void;
}

export interface PoolStats {
  total: number;
  max: number;
  idle?: number;
  waiting?: number;
}

/** Wraps each query the driver runs (a tracing span around it); it must call `run` once. */
export type QueryObserver = <T>(text: string, run: () => Promise<T>) => Promise<T>;

type Query = (...args: never[]) => Promise<unknown>;

/** `target[name]` (a driver's query method) reports to the observer while there is one. */
function wrapQuery(target: object, name: string, observer: () => QueryObserver | null) {
  const host = target as Record<string, Query>;
  const original = host[name]!.bind(target) as (...args: unknown[]) => Promise<unknown>;
  host[name] = ((...args: unknown[]) => {
    const current = observer();
    // node-postgres also takes a callback form: left as it is (Drizzle never uses it).
    if (!current || typeof args[args.length - 1] === 'function') return original(...args);
    const first = args[0];
    const text =
      typeof first === 'string' ? first : String((first as { text?: unknown } | undefined)?.text ?? 'query');
    return current(text, () => original(...args));
  }) as Query;
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
    let observer: QueryObserver | null = null;
    // A query on the pool is seen where it is asked (the connection it waits for may come later, in
    // another async context); pool.query runs it on its client in callback form, which is not seen
    // twice. A transaction's queries run on the client it checked out, seen there.
    wrapQuery(pool, 'query', () => observer);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      wrapQuery(client, 'query', () => observer);
    });
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
      poolStats: () => ({
        total: pool.totalCount,
        max: pool.options.max,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      observeQueries(next) {
        observer = next;
      },
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
  let observer: QueryObserver | null = null;
  const observed = client;
  wrapQuery(observed, 'query', () => observer);
  wrapQuery(observed, 'exec', () => observer);
  // Drizzle runs a transaction's queries on the transaction object PGlite hands its callback.
  const transaction = observed.transaction.bind(observed);
  observed.transaction = ((callback: (tx: object) => Promise<unknown>) =>
    transaction((tx) => {
      wrapQuery(tx, 'query', () => observer);
      wrapQuery(tx, 'exec', () => observer);
      return callback(tx);
    })) as typeof observed.transaction;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    poolStats: () => ({ total: 1, max: 1 }),
    observeQueries(next) {
      observer = next;
    },
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

/** The migrations this build ships (the journal drizzle-kit keeps), oldest first. */
export function shippedMigrations(folder = MIGRATIONS_FOLDER): Array<{ tag: string; when: number }> {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The shipped migrations the database has not applied. Drizzle's migrator records each applied one
 * with its journal time and applies those newer than the last it recorded; the same rule here.
 */
export async function pendingMigrations(db: Database, folder = MIGRATIONS_FOLDER): Promise<string[]> {
  const shipped = shippedMigrations(folder);
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const exists = await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!rowsOf<{ present: boolean }>(exists)[0]?.present) return shipped.map(({ tag }) => tag);
  const last = await db.execute(sql`select max(created_at)::text as when from drizzle.__drizzle_migrations`);
  const applied = Number(rowsOf<{ when: string | null }>(last)[0]?.when ?? 0);
  return shipped.filter(({ when }) => when > applied).map(({ tag }) => tag);
}

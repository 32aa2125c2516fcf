import { join } from 'node:path';
import type { Env } from '../env.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in `$DATA_DIR/db`. */
export function openConfiguredDatabase(env: Env): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: join(env.DATA_DIR, 'db') });
}

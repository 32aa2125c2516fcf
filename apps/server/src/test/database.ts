import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh, migrated database for one test file: a copy of the run's template. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const source = inject('database');
  if (source.kind === 'pglite') {
    const dump = await readFile(source.dumpPath);
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }
  const name = `flowbay_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source.template}`);
  await admin.end();
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(source.url, name), poolSize: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: source.url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

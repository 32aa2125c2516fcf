import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../db/client.ts';
import { seedTaxonomy } from '../db/seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    database: { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; url: string; template: string };
  }
}

/**
 * Migrates one template database per run; every test file then starts from a copy of it
 * (a PGlite dump, or CREATE DATABASE … TEMPLATE on PostgreSQL), so files never share state.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `flowbay_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const templateUrl = withDatabase(url, template);
    const handle = await openDatabase({ kind: 'postgres', url: templateUrl, poolSize: 1 });
    await handle.migrate();
    await seedTaxonomy(handle.db);
    await handle.close();
    project.provide('database', { kind: 'postgres', url, template });
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${template}`);
      await cleanup.end();
    };
  }
  const directory = mkdtempSync(join(tmpdir(), 'flowbay-template-'));
  const handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  await seedTaxonomy(handle.db);
  const dump = await dumpPglite(handle);
  await handle.close();
  const dumpPath = join(directory, 'template.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('database', { kind: 'pglite', dumpPath });
  return () => rmSync(directory, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

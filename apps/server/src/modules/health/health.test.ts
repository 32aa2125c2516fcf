import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, pendingMigrations, shippedMigrations } from '../../db/client.ts';
import { useTestApp } from '../../test/app.ts';

const ctx = useTestApp();

/** A migrations folder whose journal is this build's plus one migration the database never ran. */
function journalWithOneMore(): { folder: string; tag: string } {
  const folder = mkdtempSync(join(tmpdir(), 'flowbay-journal-'));
  mkdirSync(join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; when: number; tag: string }>;
  };
  const last = journal.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, '0')}_not_yet_applied`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return { folder, tag };
}

describe('health and readiness', () => {
  it('/api/health answers that the process is up, asking nothing of the database', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: ctx.database.kind });
  });

  it('/api/ready is 200 once the database answers and holds every shipped migration', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(await pendingMigrations(ctx.db)).toEqual([]);
    expect(shippedMigrations().length).toBeGreaterThan(40);
  });

  it('names a migration the database has not applied', async () => {
    const { folder, tag } = journalWithOneMore();
    try {
      expect(await pendingMigrations(ctx.db, folder)).toEqual([tag]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

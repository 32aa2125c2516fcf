import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';
const RUNUSER = '/usr/sbin/runuser';

/**
 * A PostgreSQL 15 instance of a test's own (initdb into a temp folder, pg_ctl on a free port), for
 * tests that stop and start the database. The shared cluster on 5432 is never touched: other tests and
 * other people use it.
 */
export interface ThrowawayPostgres {
  url: string;
  /** `pg_ctl stop`: `fast` ends sessions with 57P01, `immediate` drops them without a word. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/** Why this machine cannot run a throwaway PostgreSQL, or null when it can. */
export function throwawayPostgresUnavailable(): string | null {
  for (const binary of ['initdb', 'pg_ctl']) {
    if (!existsSync(join(PG_BIN, binary))) return `${join(PG_BIN, binary)} is not installed`;
  }
  if (isRoot() && !existsSync(RUNUSER)) return `running as root without ${RUNUSER} to switch to postgres`;
  return null;
}

/** PostgreSQL refuses to run as root: root runs the binaries as the `postgres` user. */
async function asOwner(binary: string, args: string[]) {
  const command = join(PG_BIN, binary);
  return isRoot() ? run(RUNUSER, ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

async function ownerIds(): Promise<{ uid: number; gid: number }> {
  if (!isRoot()) return { uid: userInfo().uid, gid: userInfo().gid };
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid), gid: Number(gid) };
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const root = mkdtempSync(join(tmpdir(), 'flowbay-pg-'));
  const { uid, gid } = await ownerIds();
  chownSync(root, uid, gid);
  const dataDir = join(root, 'data');
  const port = await freePort();
  await asOwner('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root}`;
  const pgCtl = (...args: string[]) => asOwner('pg_ctl', ['-D', dataDir, '-l', join(root, 'log'), ...args]);
  let running = false;
  const instance: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pgCtl('-o', options, '-w', '-t', '60', 'start');
      running = true;
    },
    async stop(mode) {
      await pgCtl('-m', mode, '-w', '-t', '60', 'stop');
      running = false;
    },
    async destroy() {
      if (running) await instance.stop('immediate').catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
  await instance.start();
  return instance;
}

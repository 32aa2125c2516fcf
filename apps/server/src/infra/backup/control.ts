import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import type { DatabaseHandle } from '../../db/client.ts';
import { CONTROL_FILE, dumpEmbedded, lastMigrationOf } from './snapshot.ts';

/**
 * How `npm run backup` gets a consistent dump from a running embedded server (decision 0178): the
 * server listens on a loopback port of its own and writes the port and a random token to
 * `$DATA_DIR/backup-control.json`, readable only by the server's OS user (mode 0600). Whoever can read
 * that file can already read the database folder itself; nobody else can ask for a dump.
 */
interface ControlFile {
  pid: number;
  port: number;
  token: string;
}

export interface BackupControl {
  close(): Promise<void>;
}

const LAST_MIGRATION_HEADER = 'x-flowbay-last-migration';

export async function startBackupControl(dataDir: string, database: DatabaseHandle): Promise<BackupControl> {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const server = createServer((req, res) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    const allowed = given.length === expected.length && timingSafeEqual(given, expected);
    if (!allowed || req.method !== 'POST' || req.url !== '/dump') {
      res.writeHead(allowed ? 404 : 401).end();
      return;
    }
    const dumped = async () => {
      // Read before the dump: migrations run only while the server starts, so it is the dump's too.
      const lastMigration = await lastMigrationOf(database);
      return { lastMigration, dump: await dumpEmbedded(database) };
    };
    dumped().then(
      ({ dump, lastMigration }) => {
        res.writeHead(200, {
          'content-type': 'application/gzip',
          'content-length': dump.byteLength,
          [LAST_MIGRATION_HEADER]: lastMigration ?? '',
        });
        res.end(dump);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const port = (server.address() as { port: number }).port;
  const path = join(dataDir, CONTROL_FILE);
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const content: ControlFile = { pid: process.pid, port, token };
  writeFileSync(temporary, `${JSON.stringify(content)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
  let closed = false;
  return {
    async close() {
      if (closed) return;
      closed = true;
      try {
        const current = JSON.parse(readFileSync(path, 'utf8')) as ControlFile;
        if (current.token === token) rmSync(path, { force: true });
      } catch {
        // Already gone.
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ServerDump {
  dump: Uint8Array;
  lastMigration: string | null;
  pid: number;
}

/**
 * Asks the server named in `$DATA_DIR/backup-control.json` for a dump. `null` when no server has
 * written one or the one that did no longer answers (it was killed): the folder is then free to open.
 */
export async function requestServerDump(dataDir: string): Promise<ServerDump | null> {
  let control: ControlFile;
  try {
    control = JSON.parse(readFileSync(join(dataDir, CONTROL_FILE), 'utf8')) as ControlFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`${join(dataDir, CONTROL_FILE)} cannot be read: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: control.port,
        path: '/dump',
        method: 'POST',
        headers: { authorization: `Bearer ${control.token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          if (res.statusCode !== 200) {
            reject(
              new Error(
                `the running server (pid ${control.pid}) refused the dump: ${res.statusCode} ${body}`,
              ),
            );
            return;
          }
          const expected = Number(res.headers['content-length']);
          if (Number.isFinite(expected) && expected !== body.length) {
            reject(new Error('the running server closed the connection before the whole dump arrived'));
            return;
          }
          const migration = res.headers[LAST_MIGRATION_HEADER];
          resolve({
            dump: new Uint8Array(body),
            lastMigration: typeof migration === 'string' && migration ? migration : null,
            pid: control.pid,
          });
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // Nobody listens there any more: a server that was killed left its control file behind.
      if (error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    req.end();
  });
}

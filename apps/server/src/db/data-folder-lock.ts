import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';

/**
 * One process at a time on an embedded (PGlite) database folder: two would each keep their own copy in
 * memory and overwrite each other's writes. The lock is a file beside the folder (`db.lock` for `db/`)
 * naming its owner; a lock whose owner has gone (crash, kill -9) is taken over. See
 * docs/decisions/0006-database-outages-and-data-folder-lock.md.
 */
export interface DataFolderLock {
  readonly path: string;
  release(): void;
}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  /** The kernel's start time of the process (Linux), so a recycled pid is not mistaken for the owner. */
  processStart: string | null;
  nonce: string;
}

export class DataFolderLockedError extends Error {
  constructor(
    public readonly folder: string,
    public readonly lockPath: string,
    public readonly owner: Pick<LockOwner, 'pid' | 'host' | 'startedAt'>,
  ) {
    const where = owner.host === hostname() ? '' : ` on ${owner.host}`;
    super(
      `The embedded database in ${folder} is in use by a running Flowbay server (pid ${owner.pid}${where}, ` +
        `started ${owner.startedAt}). It allows one process at a time, so nothing was changed.\n` +
        `Stop that server first, run this again, then start the server again ` +
        `(or set DATABASE_URL to use PostgreSQL, which several processes can share).\n` +
        `If no such process is running, delete ${lockPath} and try again.`,
    );
    this.name = 'DataFolderLockedError';
  }
}

const heldHere = new Set<string>();

function processStartOf(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count after its ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(owner: LockOwner): boolean {
  // Another machine's process cannot be checked from here: assume it runs (the message says what to do).
  if (owner.host !== hostname()) return true;
  // Our own pid in a lock not taken by this process: a previous process that had the same pid (containers).
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // The pid is in use; by the owner only if it started when the owner did (pids are recycled).
  const start = processStartOf(owner.pid);
  return !(owner.processStart && start && start !== owner.processStart);
}

function readOwner(path: string): { raw: string; owner: LockOwner | null } | null {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const owner = JSON.parse(raw) as LockOwner;
    return { raw, owner: Number.isInteger(owner.pid) ? owner : null };
  } catch {
    return { raw, owner: null };
  }
}

/** Creates `path` with `content` only if it does not exist; the content appears whole (write, then link). */
function createExclusive(path: string, content: string): boolean {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { mode: 0o644 });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: an exclusive create is atomic too, only not its content.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') {
      try {
        writeFileSync(path, content, { flag: 'wx', mode: 0o644 });
        return true;
      } catch (inner) {
        if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw inner;
      }
    }
    throw error;
  } finally {
    try {
      unlinkSync(temporary);
    } catch {
      // Already gone.
    }
  }
}

/** Takes the folder's lock or throws DataFolderLockedError naming the process that has it. */
export function lockDataFolder(folder: string): DataFolderLock {
  const absolute = resolve(folder);
  const path = `${absolute}.lock`;
  if (heldHere.has(path)) {
    throw new DataFolderLockedError(absolute, path, {
      pid: process.pid,
      host: hostname(),
      startedAt: 'in this process',
    });
  }
  mkdirSync(dirname(path), { recursive: true });
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    processStart: processStartOf(process.pid),
    nonce: randomBytes(8).toString('hex'),
  };
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (createExclusive(path, content)) {
      heldHere.add(path);
      const release = () => {
        if (!heldHere.delete(path)) return;
        process.removeListener('exit', release);
        if (readOwner(path)?.raw === content) unlinkSync(path);
      };
      // A process that ends without closing the database (an error at start) leaves no lock behind.
      process.on('exit', release);
      return { path, release };
    }
    const current = readOwner(path);
    if (!current) continue; // released in the meantime
    if (current.owner && isRunning(current.owner)) {
      throw new DataFolderLockedError(absolute, path, current.owner);
    }
    // A stale lock: move it aside, and make sure what was moved is the stale one, not a newer lock.
    const aside = `${path}.stale-${randomBytes(6).toString('hex')}`;
    try {
      renameSync(path, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readOwner(aside);
    if (moved && moved.raw !== current.raw) {
      // Another process took over first: give its lock back, and it holds the folder.
      try {
        linkSync(aside, path);
      } catch {
        // A third process has it by now; either way the folder is in use.
      }
      unlinkSync(aside);
      throw new DataFolderLockedError(absolute, path, moved.owner ?? current.owner ?? me);
    }
    unlinkSync(aside);
  }
  throw new Error(`Could not lock ${absolute}: its lock file keeps changing (${path}).`);
}

import type { PreparedFile, ServedTemplate } from '../../lib/served-file.ts';
import type { Storage } from '../storage/index.ts';
import { lazyWorkerPool, threadsUpTo } from '../worker-pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prepared workflow files (tests read `preparations`). */
    servedFiles: ServedFiles;
  }
}

/**
 * Prepared files kept per process. A 9,000-node export (4.3 MB stored) takes about 10 MB prepared
 * (the download and the templates API's workflow); real workflows take kilobytes, so this keeps
 * every file of a usual catalogue and the few largest.
 */
export const DEFAULT_SERVED_FILES_CACHE_BYTES = 64 * 1024 * 1024;

export interface ServedFilesOptions {
  /** Worker threads; default: the cores less one for the event loop, between 1 and 2. */
  threads?: number;
  /** Bytes of prepared files kept in memory, least recently served dropped first. */
  cacheBytes?: number;
}

interface Task {
  stored: Uint8Array;
  title: string;
  workflowId: string;
}

interface WorkerAnswer {
  file: Uint8Array;
  encoded: { br: Uint8Array; gzip: Uint8Array };
  template: (Omit<ServedTemplate, 'workflow'> & { workflow: Uint8Array }) | null;
}

const sizeOf = (prepared: PreparedFile) =>
  prepared.file.length +
  prepared.encoded.br.length +
  prepared.encoded.gzip.length +
  (prepared.template?.workflow.length ?? 0);

/**
 * Workflow files as they are served (lib/served-file.ts), prepared once per stored file and title
 * in a worker thread and kept in a bounded cache, so a download is a copy of bytes and never holds
 * the event loop. Stored files never change under their key (a new version is a new key), and the
 * title and workflow id are part of the cache key (a nameless n8n export is served under the
 * title, an id-less one with an id derived from the workflow's): an edit cannot serve a stale file. Requests for a file being prepared wait for that one preparation.
 */
export function createServedFiles({ storage, ...options }: ServedFilesOptions & { storage: Storage }) {
  const workers = lazyWorkerPool<Task, WorkerAnswer>(
    new URL('./served-files.worker.mjs', import.meta.url),
    options.threads ?? threadsUpTo(2),
  );
  const cacheBytes = options.cacheBytes ?? DEFAULT_SERVED_FILES_CACHE_BYTES;

  /** Insertion order is recency: a hit moves its entry to the end, the oldest goes first. */
  const cache = new Map<string, PreparedFile>();
  let cachedBytes = 0;
  const inFlight = new Map<string, Promise<PreparedFile | null>>();
  let preparations = 0;

  function keep(key: string, prepared: PreparedFile) {
    const size = sizeOf(prepared);
    if (size > cacheBytes) return;
    cache.set(key, prepared);
    cachedBytes += size;
    for (const [oldest, entry] of cache) {
      if (cachedBytes <= cacheBytes) break;
      cache.delete(oldest);
      cachedBytes -= sizeOf(entry);
    }
  }

  async function prepare(fileKey: string, title: string, workflowId: string): Promise<PreparedFile | null> {
    const stored = await storage.get(fileKey);
    if (!stored) return null;
    const copy = new Uint8Array(stored);
    preparations += 1;
    const answer = await workers.run({ stored: copy, title, workflowId }, { transfer: [copy.buffer] });
    const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return {
      file: toBuffer(answer.file),
      encoded: { br: toBuffer(answer.encoded.br), gzip: toBuffer(answer.encoded.gzip) },
      template: answer.template && { ...answer.template, workflow: toBuffer(answer.template.workflow) },
    };
  }

  return {
    /** The file of workflow `workflowId` as served under `title`, or null when storage has no such file. */
    async get(fileKey: string, title: string, workflowId: string): Promise<PreparedFile | null> {
      const key = `${fileKey}\n${title}\n${workflowId}`;
      const cached = cache.get(key);
      if (cached) {
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      let pending = inFlight.get(key);
      if (!pending) {
        pending = prepare(fileKey, title, workflowId).then((prepared) => {
          if (prepared) keep(key, prepared);
          return prepared;
        });
        inFlight.set(key, pending);
        void pending.then(
          () => inFlight.delete(key),
          () => inFlight.delete(key),
        );
      }
      return pending;
    },

    /** How many files this process has prepared (each one a parse in a worker). */
    get preparations() {
      return preparations;
    },

    close: () => workers.close(),
  };
}

export type ServedFiles = ReturnType<typeof createServedFiles>;

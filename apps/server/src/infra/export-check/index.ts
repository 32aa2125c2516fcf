import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { ExportCheck } from '@flowbay/workflow-formats';
import { lazyWorkerPool, threadsUpTo } from '../worker-pool.ts';

/**
 * Checking a file within the size and node limits takes about half a second at most (a 9,000-node,
 * 4.5 MB export; real workflows take milliseconds). Twenty times that leaves room for a machine
 * under heavy load (bench/reports/uploads.md) and still ends a pathological file or a bug rather
 * than leave it holding a thread.
 */
export const DEFAULT_EXPORT_CHECK_BUDGET_MS = 10_000;

export class ExportCheckTimeout extends Error {
  constructor(budgetMs: number) {
    super(`checking the file took more than ${budgetMs} ms`);
    this.name = 'ExportCheckTimeout';
  }
}

export interface ExportCheckPoolOptions {
  /** Worker threads; default: the cores less one for the event loop, between 1 and 4. */
  threads?: number;
  /** Time one check may run in its worker, from the moment it starts (not while queued or loading). */
  budgetMs?: number;
}

interface Task {
  bytes: Uint8Array;
  redact: boolean;
  started: MessagePort;
}

/**
 * Parses and secret-scans uploaded exports in worker threads, so that a large file never holds the
 * event loop (health checks, other requests). A check over its budget has its worker terminated
 * (Piscina starts a fresh one) and fails with ExportCheckTimeout.
 */
export function createExportCheckPool(options: ExportCheckPoolOptions = {}) {
  const threads = options.threads ?? threadsUpTo(4);
  const budgetMs = options.budgetMs ?? DEFAULT_EXPORT_CHECK_BUDGET_MS;
  const workers = lazyWorkerPool<Task, ExportCheck>(
    new URL('./export-check.worker.mjs', import.meta.url),
    threads,
  );

  return {
    async check(bytes: Uint8Array, redact: boolean): Promise<ExportCheck> {
      const controller = new AbortController();
      const { port1, port2 } = new MessageChannel();
      let timer: NodeJS.Timeout | undefined;
      // The worker says when it starts this task: loading a fresh worker and waiting in the queue
      // do not count against the file's budget.
      port1.once('message', () => {
        timer = setTimeout(() => controller.abort(), budgetMs);
      });
      const copy = new Uint8Array(bytes);
      try {
        return await workers.run(
          { bytes: copy, redact, started: port2 },
          { signal: controller.signal, transfer: [copy.buffer, port2] },
        );
      } catch (error) {
        if (controller.signal.aborted) throw new ExportCheckTimeout(budgetMs);
        throw error;
      } finally {
        clearTimeout(timer);
        port1.close();
      }
    },

    /** Starts the threads and loads the parser now, so the first upload does not wait for it. */
    async warm(): Promise<void> {
      const empty = new Uint8Array(0);
      await Promise.all(Array.from({ length: threads }, () => this.check(empty, false)));
    },

    close: () => workers.close(),
  };
}

export type ExportCheckPool = ReturnType<typeof createExportCheckPool>;

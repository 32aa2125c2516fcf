import { availableParallelism } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';

type RunOptions = NonNullable<Parameters<Piscina['run']>[1]>;

/** The cores less one for the event loop, between 1 and `most`: the default size of a pool. */
export function threadsUpTo(most: number): number {
  return Math.max(1, Math.min(most, availableParallelism() - 1));
}

/**
 * A pool of `threads` worker threads running the `worker` script, started on first use so that tests
 * and commands that never need it start no threads. `close` ends them; a later task starts a new pool.
 */
export function lazyWorkerPool<Task, Answer>(worker: URL, threads: number) {
  let pool: Piscina<Task, Answer> | null = null;
  return {
    /** Runs `task` in a worker; `transfer` lists the buffers and ports it moves there instead of copying. */
    run(task: Task, options: { signal?: AbortSignal; transfer?: (ArrayBufferLike | MessagePort)[] } = {}) {
      pool ??= new Piscina<Task, Answer>({ filename: worker.href, minThreads: threads, maxThreads: threads });
      return pool.run(task, {
        signal: options.signal,
        // Piscina's TransferList type picks the wrong overload of postMessage; this is the list form.
        transferList: options.transfer as unknown as RunOptions['transferList'],
      });
    },

    async close(): Promise<void> {
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}

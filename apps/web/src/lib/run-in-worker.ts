/**
 * Sends `message` to a module worker and resolves with its one answer, then ends the worker. Where
 * there are no workers (jsdom in unit tests) it runs `inThread` instead. `createWorker` is the
 * caller's `new Worker(new URL('./x.worker.ts', import.meta.url), { type: 'module' })`, written
 * there so the bundler finds the worker.
 */
export function runInWorker<T>({
  createWorker,
  message,
  inThread,
  failure,
}: {
  createWorker: () => Worker;
  message: unknown;
  inThread: () => Promise<T>;
  /** The error's message when the worker fails without one. */
  failure: string;
}): Promise<T> {
  if (typeof Worker === 'undefined') return inThread();
  return new Promise((resolve, reject) => {
    const worker = createWorker();
    worker.onmessage = (event: MessageEvent<T>) => {
      resolve(event.data);
      worker.terminate();
    };
    worker.onerror = (event) => {
      reject(new Error(event.message || failure));
      worker.terminate();
    };
    worker.postMessage(message);
  });
}

// Runs in a worker thread of the export-check pool. Plain JavaScript so that it loads the same way
// under `npm start`, Vitest and the e2e server: it installs tsx itself, then imports the parser.
import { Buffer } from 'node:buffer';
import { register } from 'tsx/esm/api';

register();
const { checkExport } = await import('@flowbay/workflow-formats');

/**
 * @param {{ bytes: Uint8Array; redact: boolean; started: import('node:worker_threads').MessagePort }} task
 */
export default function checkUploadedExport({ bytes, redact, started }) {
  // Starts the budget on the main thread; the port is closed there.
  started.postMessage('started');
  started.close();
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return checkExport(text, { redact });
}

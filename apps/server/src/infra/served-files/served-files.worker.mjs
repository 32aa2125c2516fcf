// Runs in a worker thread of the served-files pool. Plain JavaScript so that it loads the same way
// under `npm start`, Vitest and the e2e server: it installs tsx itself, then imports the preparation.
import { Buffer } from 'node:buffer';
import { Piscina } from 'piscina';
import { register } from 'tsx/esm/api';

register();
const { prepareServedFile } = await import('../../lib/served-file.ts');

/** Copies `buffer` into an ArrayBuffer of its own, so it can be moved to the main thread without a copy. */
function own(buffer) {
  const bytes = new Uint8Array(buffer.byteLength);
  bytes.set(buffer);
  return bytes;
}

/**
 * @param {{ stored: Uint8Array; title: string; workflowId: string }} task
 */
export default function prepare({ stored, title, workflowId }) {
  const { file, encoded, template } = prepareServedFile(
    Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength),
    title,
    workflowId,
  );
  const fileBytes = own(file);
  const br = own(encoded.br);
  const gzip = own(encoded.gzip);
  const workflowBytes = template ? own(template.workflow) : null;
  const value = {
    file: fileBytes,
    encoded: { br, gzip },
    template: template && { ...template, workflow: workflowBytes },
  };
  // Moved, not copied: a large file's bytes cross to the main thread without a second copy there.
  return Piscina.move({
    [Piscina.transferableSymbol]: [fileBytes.buffer, br.buffer, gzip.buffer].concat(
      workflowBytes ? [workflowBytes.buffer] : [],
    ),
    [Piscina.valueSymbol]: value,
  });
}

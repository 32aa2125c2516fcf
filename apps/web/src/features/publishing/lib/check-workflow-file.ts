import { MAX_UPLOAD_BYTES } from '@flowbay/domain/limits';
import type { PlatformId } from '@flowbay/workflow-formats/platforms';
import { runInWorker } from '@/lib/run-in-worker';

export interface FileCheckFinding {
  node: string;
  path: string;
  kind: string;
  preview: string;
}

export type FileCheck =
  | {
      ok: true;
      platform: PlatformId;
      workflowCount: number;
      nodeCount: number;
      apps: string[];
      secrets: FileCheckFinding[];
    }
  | { ok: false; code: string };

/** Only JSON: the MIME type says so, or the name ends in .json. */
export function looksLikeJson(file: File): boolean {
  return file.type === 'application/json' || file.name.toLowerCase().endsWith('.json');
}

const IMAGE_SIGNATURES = [
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP)
];

/** An image renamed to .json: said as such, rather than as JSON that does not parse. */
async function isImage(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return IMAGE_SIGNATURES.some((signature) => signature.every((byte, index) => head[index] === byte));
}

/** In a worker where the browser has them, so that a large file never holds the page. */
function checkOffThread(text: string): Promise<FileCheck> {
  return runInWorker({
    createWorker: () =>
      new Worker(new URL('./check-workflow-file.worker.ts', import.meta.url), { type: 'module' }),
    message: text,
    inThread: () => import('./check-workflow-text').then((module) => module.checkWorkflowText(text)),
    failure: 'the file check worker failed',
  });
}

/**
 * The checks the server will make, run in the browser as soon as a file is chosen: readable export,
 * platform, node count, apps, and secrets. The parser is loaded on first use (create and edit only).
 */
export async function checkWorkflowFile(file: File): Promise<FileCheck> {
  if (!looksLikeJson(file)) return { ok: false, code: 'ONLY_JSON' };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, code: 'FILE_TOO_LARGE' };
  if (await isImage(file)) return { ok: false, code: 'IMAGE_NOT_WORKFLOW' };
  return checkOffThread(await file.text());
}

import { MAX_UPLOAD_BYTES } from '@flowbay/domain/limits';

export interface FileCheckFinding {
  node: string;
  path: string;
  kind: string;
  preview: string;
}

export type FileCheck =
  | {
      ok: true;
      platform: 'n8n' | 'make' | 'zapier';
      workflowCount: number;
      nodeCount: number;
      apps: string[];
      secrets: FileCheckFinding[];
    }
  | { ok: false; code: string };

/** Only JSON: the MIME type says so, or the name ends in .json (spec, manage section). */
export function looksLikeJson(file: File): boolean {
  return file.type === 'application/json' || file.name.toLowerCase().endsWith('.json');
}

/** In a worker where the browser has them, so that a large file never holds the page. */
function checkOffThread(text: string): Promise<FileCheck> {
  if (typeof Worker === 'undefined')
    return import('./check-workflow-text').then((module) => module.checkWorkflowText(text));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./check-workflow-file.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = (event: MessageEvent<FileCheck>) => {
      resolve(event.data);
      worker.terminate();
    };
    worker.onerror = (event) => {
      reject(new Error(event.message || 'the file check worker failed'));
      worker.terminate();
    };
    worker.postMessage(text);
  });
}

/**
 * The checks the server will make, run in the browser as soon as a file is chosen: readable export,
 * platform, node count, apps, and secrets. The parser is loaded on first use (create and edit only).
 */
export async function checkWorkflowFile(file: File): Promise<FileCheck> {
  if (!looksLikeJson(file)) return { ok: false, code: 'ONLY_JSON' };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, code: 'FILE_TOO_LARGE' };
  return checkOffThread(await file.text());
}

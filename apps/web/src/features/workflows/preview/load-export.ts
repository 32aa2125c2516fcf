import { runInWorker } from '@/lib/run-in-worker';
import type { BoundedExport } from './bounded-export';

/** Parses in a worker where the browser has them (all do; jsdom in unit tests does not). */
function parseOffThread(text: string, settings: boolean): Promise<BoundedExport> {
  return runInWorker({
    createWorker: () => new Worker(new URL('./parse-export.worker.ts', import.meta.url), { type: 'module' }),
    message: { text, settings },
    inThread: () => import('./bounded-export').then((module) => module.boundedExport(text, { settings })),
    failure: 'the preview worker failed',
  });
}

/**
 * The address the page's preview asks: the file under the same entitlement, never counted as a
 * download (only a real download, copy or send is).
 */
export function previewUrlOf(fileUrl: string): string {
  return `${fileUrl}${fileUrl.includes('?') ? '&' : '?'}preview=1`;
}

/**
 * Fetches the file behind `file_url` for the preview (not counted as a download) and parses it off
 * the main thread, bounded for the preview; with `settings`, nodes carry their settings (secrets
 * removed) for the side panel.
 */
export async function loadExport(
  fileUrl: string,
  { settings = false, signal }: { settings?: boolean; signal?: AbortSignal } = {},
): Promise<{ text: string; result: BoundedExport }> {
  const response = await fetch(previewUrlOf(fileUrl), { credentials: 'include', signal });
  if (!response.ok) throw new Error(`file answered ${response.status}`);
  const text = await response.text();
  return { text, result: await parseOffThread(text, settings) };
}

import { importableN8nFile } from '@flowbay/workflow-formats';

/**
 * The one way a stored workflow file leaves Flowbay (downloads, version downloads, the web's copy
 * JSON, which fetches a download, and the n8n templates API): n8n exports get a top-level `name`
 * (the workflow's title when the export has none) and `active: false` so they import everywhere;
 * otherwise the file is the author's as stored (secrets were redacted at upload when they chose so).
 */
export function servedWorkflowFile(stored: Buffer, title: string): Buffer {
  const importable = importableN8nFile(stored.toString('utf8'), title);
  return importable === null ? stored : Buffer.from(importable);
}

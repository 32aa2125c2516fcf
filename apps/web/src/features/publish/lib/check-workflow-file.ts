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

/**
 * The checks the server will make, run in the browser as soon as a file is chosen: readable export,
 * platform, node count, apps, and secrets. The parser is loaded on first use (create and edit only).
 */
export async function checkWorkflowFile(file: File): Promise<FileCheck> {
  if (!looksLikeJson(file)) return { ok: false, code: 'ONLY_JSON' };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, code: 'FILE_TOO_LARGE' };
  const [formats, text] = await Promise.all([import('@flowbay/workflow-formats'), file.text()]);
  const parsed = formats.parseWorkflowExport(text);
  if (!parsed.ok) return { ok: false, code: parsed.error.code };
  const summary = formats.summarizeExport(parsed)!;
  const secrets = formats
    .scanSecrets(parsed)
    .map(({ node, path, kind, preview }) => ({ node, path, kind, preview }));
  return {
    ok: true,
    platform: summary.platform,
    workflowCount: summary.workflowCount,
    nodeCount: summary.nodeCount,
    apps: summary.apps.filter((app) => !app.core).map((app) => app.name),
    secrets,
  };
}

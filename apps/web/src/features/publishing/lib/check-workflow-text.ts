import { parseWorkflowExport, scanSecrets, summarizeExport } from '@flowbay/workflow-formats';
import type { FileCheck } from './check-workflow-file';

/** The checks themselves: parse, summary and secret scan. Runs in a worker (check-workflow-file.worker.ts). */
export function checkWorkflowText(text: string): FileCheck {
  const parsed = parseWorkflowExport(text);
  if (!parsed.ok) return { ok: false, code: parsed.error.code };
  const summary = summarizeExport(parsed)!;
  const secrets = scanSecrets(parsed).map(({ node, path, kind, preview }) => ({ node, path, kind, preview }));
  return {
    ok: true,
    platform: summary.platform,
    workflowCount: summary.workflowCount,
    nodeCount: summary.nodeCount,
    apps: summary.apps.filter((app) => !app.core).map((app) => app.name),
    secrets,
  };
}

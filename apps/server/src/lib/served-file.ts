import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { N8nWorkflowJson } from '@flowbay/domain';
import { importableN8nFile } from '@flowbay/workflow-formats';

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The n8n id Flowbay gives the workflow at `index` of a served file whose export has none: 16
 * letters and digits like n8n's own ids, derived from the Flowbay workflow's id, so every download
 * of a workflow (any version) is the same file and importing it again updates the same n8n workflow.
 */
export function n8nWorkflowId(workflowId: string, index = 0): string {
  const digest = createHash('sha256').update(`flowbay-n8n-id\n${workflowId}\n${index}`).digest();
  let id = '';
  for (let i = 0; i < 16; i++) id += ID_ALPHABET[digest[i]! % ID_ALPHABET.length];
  return id;
}

/**
 * The one way a stored workflow file leaves Flowbay (downloads, version downloads, the web's copy
 * JSON, which fetches a download, and the n8n templates API): n8n exports get a top-level `name`
 * (the workflow's title when the export has none), `active: false` and an `id` (the author's, or
 * `n8nWorkflowId` of `workflowId`: n8n 2.x imports no file without one) so they import everywhere;
 * otherwise the file is the author's as stored (secrets were redacted at upload when they chose so).
 */
export function servedWorkflowFile(stored: Buffer, title: string, workflowId: string): Buffer {
  const importable = importableN8nFile(stored.toString('utf8'), title, (index) =>
    n8nWorkflowId(workflowId, index),
  );
  return importable === null ? stored : Buffer.from(importable);
}

/** What n8n's templates API answers of a workflow it may have: the workflow as JSON and its node counts. */
export interface ServedTemplate {
  /** `N8nWorkflowJson` as UTF-8 JSON, exactly as the response serializer would write it. */
  workflow: Buffer;
  nodeTypes: Record<string, { count: number }>;
  nodeCount: number;
}

/** Everything a download or a template answer needs of one stored file under one title. */
export interface PreparedFile {
  /** The download's bytes (`servedWorkflowFile`). */
  file: Buffer;
  /**
   * The same, compressed as browsers ask (`Accept-Encoding`), with the settings the compression
   * plugin uses: a large download is not compressed again for every request.
   */
  encoded: { br: Buffer; gzip: Buffer };
  /** Null when the served file holds no n8n workflow (the templates API answers 404 then). */
  template: ServedTemplate | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Node counts by type, as n8n's template detail shows them. */
export function nodeTypesOf(nodes: readonly unknown[]): Record<string, { count: number }> {
  const nodeTypes: Record<string, { count: number }> = {};
  for (const node of nodes) {
    const type = isRecord(node) && typeof node.type === 'string' ? node.type : undefined;
    if (type) nodeTypes[type] = { count: (nodeTypes[type]?.count ?? 0) + 1 };
  }
  return nodeTypes;
}

/**
 * The served file and, for n8n, the templates API's workflow (the first workflow of the served
 * file, in the shape n8n puts on its canvas). Costs a parse and a serialization of the whole file:
 * it runs in a worker thread and its result is kept (infra/served-files).
 */
export function prepareServedFile(stored: Buffer, title: string, workflowId: string): PreparedFile {
  const file = servedWorkflowFile(stored, title, workflowId);
  const encoded = {
    br: brotliCompressSync(file, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    gzip: gzipSync(file),
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.toString('utf8'));
  } catch {
    return { file, encoded, template: null };
  }
  const workflow = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!isRecord(workflow) || !Array.isArray(workflow.nodes)) return { file, encoded, template: null };
  const json = N8nWorkflowJson.encode({
    name: typeof workflow.name === 'string' ? workflow.name : title,
    active: false,
    nodes: workflow.nodes,
    connections: isRecord(workflow.connections) ? workflow.connections : {},
    settings: isRecord(workflow.settings) ? workflow.settings : {},
    pinData: isRecord(workflow.pinData) ? workflow.pinData : {},
  });
  return {
    file,
    encoded,
    template: {
      workflow: Buffer.from(JSON.stringify(json)),
      nodeTypes: nodeTypesOf(workflow.nodes),
      nodeCount: workflow.nodes.length,
    },
  };
}

import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { LICENCE_NAMES, type LicenceTier } from '@flowbay/domain';
import { nodeTypesOf, type ServedTemplate } from './served-file.ts';

/** Who bought a file and under which licence (decision 0159). */
export interface LicenceStamp {
  buyerName: string;
  licence: LicenceTier;
  orderCode: string;
}

const STICKY_NOTE_WIDTH = 420;
const STICKY_NOTE_HEIGHT = 160;

/** "Licensed to Ana — Commercial licence — Flowbay order FB-ABCD-2345" (English: it travels with the file). */
export function licenceLine(stamp: LicenceStamp): string {
  return `Licensed to ${stamp.buyerName} — ${LICENCE_NAMES[stamp.licence].en} licence — Flowbay order ${stamp.orderCode}`;
}

/**
 * A bought file names its licence and its buyer: an n8n workflow gets a sticky note (the node n8n
 * imports: n8n-nodes-base.stickyNote, typeVersion 1, a unique id and name), a Make blueprint a note in
 * its metadata. Any other shape is served unchanged (null).
 */
export function stampLicence(file: Buffer, stamp: LicenceStamp): Buffer | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.toString('utf8'));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const workflow = parsed as Record<string, unknown>;
  const line = licenceLine(stamp);
  const text = `${line}\n\nRedistribution is not allowed: see https://flowbay.vn/terms`;
  if (Array.isArray(workflow.nodes)) {
    const nodes = workflow.nodes as { name?: unknown; position?: unknown }[];
    const names = new Set(nodes.map((node) => node.name));
    let name = 'Flowbay licence';
    for (let n = 2; names.has(name); n += 1) name = `Flowbay licence ${n}`;
    const xs = nodes.flatMap((node) => (Array.isArray(node.position) ? [Number(node.position[0]) || 0] : []));
    const ys = nodes.flatMap((node) => (Array.isArray(node.position) ? [Number(node.position[1]) || 0] : []));
    const position = [
      xs.length ? Math.min(...xs) : 0,
      (ys.length ? Math.min(...ys) : 0) - STICKY_NOTE_HEIGHT - 40,
    ];
    workflow.nodes = [
      ...nodes,
      {
        id: randomUUID(),
        name,
        type: 'n8n-nodes-base.stickyNote',
        typeVersion: 1,
        position,
        parameters: { content: `## ${text}`, height: STICKY_NOTE_HEIGHT, width: STICKY_NOTE_WIDTH },
      },
    ];
    return Buffer.from(JSON.stringify(workflow, null, 2));
  }
  if (Array.isArray(workflow.flow)) {
    const metadata = (
      workflow.metadata && typeof workflow.metadata === 'object' ? workflow.metadata : {}
    ) as Record<string, unknown>;
    workflow.metadata = { ...metadata, notes: text };
    return Buffer.from(JSON.stringify(workflow, null, 2));
  }
  return null;
}

/** The stamped file with its brotli and gzip forms (the route serves whichever the client takes). */
export async function stampedDownload(file: Buffer, stamp: LicenceStamp) {
  const body = stampLicence(file, stamp);
  if (!body) return null;
  const [br, gz] = await Promise.all([promisify(brotliCompress)(body), promisify(gzip)(body)]);
  return { body, encoded: { br, gzip: gz } };
}

/**
 * The templates API's workflow for a buyer (n8n's "Use workflow" with their library key), with the
 * same licence note as their download; null when the workflow cannot carry one.
 */
export function stampTemplate(template: ServedTemplate, stamp: LicenceStamp): ServedTemplate | null {
  const workflow = stampLicence(template.workflow, stamp);
  if (!workflow) return null;
  const nodes = (JSON.parse(workflow.toString('utf8')) as { nodes: unknown[] }).nodes;
  return { workflow, nodeTypes: nodeTypesOf(nodes), nodeCount: nodes.length };
}

import { readJsonText } from './json-text.ts';
import { detectPlatform } from './parse.ts';
import { type JsonRecord, isRecord, own } from './shared.ts';

/**
 * Whether an export carries a workflow id n8n can key its row on. n8n 1.x made one up on import
 * when there was none; n8n 2.x refuses the file (`NOT NULL constraint failed: workflow_entity.id`).
 * Old exports with numeric ids imported on 1.x as they were, so a number counts.
 */
function hasWorkflowId(doc: JsonRecord): boolean {
  const id = own(doc, 'id');
  return (typeof id === 'string' && id.trim() !== '') || (typeof id === 'number' && Number.isFinite(id));
}

/**
 * One n8n workflow as n8n's importers take it (`n8n import:workflow`, paste on the canvas, "Import
 * from file"): a top-level `name` (n8n's table requires one; many real exports have none), inactive,
 * `nodes` + `connections` and, when `fallbackId` is given, a top-level `id` (the author's when
 * there is one; n8n 2.x imports nothing without it). Everything else is the author's, untouched.
 */
export function importableN8nWorkflow(
  doc: JsonRecord | unknown[],
  fallbackName: string,
  fallbackId?: string,
): JsonRecord {
  // The id goes first, as in n8n's own exports; a blank or unusable one is replaced.
  const withId = (record: JsonRecord): JsonRecord => {
    if (fallbackId === undefined || hasWorkflowId(record)) return record;
    const rest = { ...record };
    delete rest.id;
    return { id: fallbackId, ...rest };
  };
  if (Array.isArray(doc)) return withId({ name: fallbackName, nodes: doc, connections: {}, active: false });
  const own_name = own(doc, 'name');
  const name = typeof own_name === 'string' && own_name.trim() !== '' ? own_name : fallbackName;
  const result: JsonRecord = { name };
  for (const key of Object.keys(doc)) if (key !== 'name') result[key] = doc[key];
  if (!isRecord(own(doc, 'connections'))) result.connections = {};
  result.active = false;
  return withId(result);
}

/**
 * The file Flowbay serves for an n8n export, whatever way it leaves (download, version download,
 * copy JSON, the templates API): each workflow through `importableN8nWorkflow`, unwrapped from API
 * wrappers (`{ "data": … }`) and JSON-in-a-string, so it imports everywhere. Returns `null` for
 * anything that is not an n8n export (Make and Zapier files are served as they are). The text is
 * the stored one byte for byte when it already imports.
 *
 * `idFor(index)` names the id of the file's workflow at `index` when it has none of its own (the
 * caller derives it from something stable, so a file is the same on every download); without it
 * no id is added.
 */
export function importableN8nFile(
  text: string,
  title: string,
  idFor?: (index: number) => string,
): string | null {
  const read = readJsonText(text);
  if (!read.ok) return null;
  const detected = detectPlatform(read.value);
  if (!detected || detected.platform !== 'n8n') return null;
  const fallback = title.trim() || 'Untitled workflow';
  const workflows = detected.document.map((doc, index) =>
    importableN8nWorkflow(
      doc,
      detected.document.length > 1 ? `${fallback} (${index + 1})` : fallback,
      idFor?.(index),
    ),
  );
  const single = workflows.length === 1 && detected.document[0] === read.value;
  if (single && alreadyImportable(read.value, idFor !== undefined)) return text;
  return JSON.stringify(workflows.length === 1 ? workflows[0] : workflows, null, 2);
}

function alreadyImportable(value: unknown, needsId: boolean): boolean {
  if (!isRecord(value)) return false;
  const name = own(value, 'name');
  return (
    typeof name === 'string' &&
    name.trim() !== '' &&
    own(value, 'active') === false &&
    isRecord(own(value, 'connections')) &&
    (!needsId || hasWorkflowId(value))
  );
}

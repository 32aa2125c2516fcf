import type {
  CredentialRequirement,
  GraphEdge,
  GraphNode,
  NodeTypeVersion,
  Position,
  Requirements,
  Warning,
} from './model.ts';

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads an own property only, so keys like `__proto__` or `constructor` never reach the prototype. */
export function own(record: JsonRecord, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function idText(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Hands out ids that are unique within one graph, suffixing repeats. */
export class IdRegistry {
  private readonly used = new Set<string>();
  private readonly nextSuffix = new Map<string, number>();

  claim(preferred: string): { id: string; duplicate: boolean } {
    if (!this.used.has(preferred)) {
      this.used.add(preferred);
      return { id: preferred, duplicate: false };
    }
    let n = this.nextSuffix.get(preferred) ?? 2;
    while (this.used.has(`${preferred}#${n}`)) n++;
    this.nextSuffix.set(preferred, n + 1);
    const id = `${preferred}#${n}`;
    this.used.add(id);
    return { id, duplicate: true };
  }
}

/** Collects credentials and type versions in order of first appearance. */
export class RequirementsCollector {
  private readonly credentials = new Map<string, CredentialRequirement>();
  private readonly versions = new Map<string, NodeTypeVersion>();
  private readonly packages = new Set<string>();

  credential(app: string, type: string, name: string | undefined, node: string): void {
    const key = type;
    let entry = this.credentials.get(key);
    if (!entry) {
      entry = { app, type, names: [], nodes: [] };
      this.credentials.set(key, entry);
    }
    if (name !== undefined && name !== '' && !entry.names.includes(name)) entry.names.push(name);
    if (!entry.nodes.includes(node)) entry.nodes.push(node);
  }

  typeVersion(type: string, version: number | string | undefined): void {
    if (version === undefined || type === '') return;
    this.versions.set(`${type}\u0000${version}`, { type, version });
  }

  communityPackage(name: string): void {
    this.packages.add(name);
  }

  result(): Requirements {
    const nodeTypeVersions = [...this.versions.values()].sort((a, b) =>
      a.type === b.type ? compareVersions(a.version, b.version) : a.type < b.type ? -1 : 1,
    );
    return {
      credentials: [...this.credentials.values()],
      communityPackages: [...this.packages].sort(),
      nodeTypeVersions,
    };
  }
}

function compareVersions(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true });
}

export function edgeId(edge: Omit<GraphEdge, 'id'>, index: number): string {
  return `e${index}:${edge.from}->${edge.to}`;
}

export function warn(warnings: Warning[], warning: Warning): void {
  // A hostile file could produce millions of identical problems; a few hundred say enough.
  if (warnings.length < 500) warnings.push(warning);
}

export function positionFrom(x: unknown, y: unknown): Position | undefined {
  const px = finite(x);
  const py = finite(y);
  return px === undefined || py === undefined ? undefined : { x: px, y: py };
}

export type DraftNode = Omit<GraphNode, 'position'> & { position?: Position };

/** Whether a note says anything once markdown marks and blank space are gone (n8n adds empty stickies as backgrounds). */
export function hasReadableText(note: string): boolean {
  return /[\p{L}\p{N}]/u.test(
    note.replace(/!?\[[^\]]*\]\([^)]*\)/g, (link) => link.replace(/\([^)]*\)$/, '')),
  );
}

/** Field names whose values are credentials, whatever their content. */
const SECRET_FIELD =
  /pass(word|phrase)?$|secret|token|api[_-]?key|apikey|authori[sz]ation|credential|private[_-]?key|cookie|^__IMT/i;
const SETTINGS_DEPTH = 6;
const SETTINGS_TEXT = 600;
const SETTINGS_ITEMS = 40;

function settingsValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string')
    return value.length > SETTINGS_TEXT ? `${value.slice(0, SETTINGS_TEXT)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= SETTINGS_DEPTH) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, SETTINGS_ITEMS).map((item) => settingsValue(item, depth + 1));
    return value.length > SETTINGS_ITEMS ? [...items, `… ${value.length - SETTINGS_ITEMS} more`] : items;
  }
  return settingsRecord(value as JsonRecord, depth + 1);
}

function settingsRecord(record: JsonRecord, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (SECRET_FIELD.test(key)) continue;
    out[key] = settingsValue(record[key], depth);
  }
  return out;
}

/** A copy of node settings fit to show: no credential fields or connection references, bounded in size. */
export function readableSettings(...sources: unknown[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const source of sources) if (isRecord(source)) Object.assign(merged, settingsRecord(source, 0));
  return merged;
}

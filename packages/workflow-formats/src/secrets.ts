import type { ParseResult, ParseSuccess, WorkflowGraph } from './model.ts';
import { documentOf, parseWorkflowExport } from './parse.ts';
import { type Detected, readerOf } from './readers.ts';
import { type JsonRecord, isRecord, own, text } from './shared.ts';

/** A credential pasted into a node. Never holds the value, only where it is and what it looks like. */
export interface SecretFinding {
  workflow?: string;
  node: string;
  nodeId?: string;
  /** Where in the node, e.g. `parameters.headerParameters.parameters[0].value`. */
  path: string;
  /** `openai-api-key`, `aws-access-key-id`, `bearer-token`, `url-password`, `password`, `secret-field`… */
  kind: string;
  /** The first characters only, e.g. `sk-p…`, so an author can recognise the key. */
  preview: string;
}

interface Pattern {
  kind: string;
  regex: RegExp;
  /** Capture group holding the secret; 0 for the whole match. */
  group?: number;
  /** Whether a placeholder such as `YOUR_TOKEN` in the secret means nothing leaked. */
  placeholderAware?: boolean;
}

/** Provider formats first: they are the most specific and win over the generic header and URL forms. */
const PATTERNS: Pattern[] = [
  {
    kind: 'private-key',
    regex: /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----[\s\S]*?(?:-----END (?:[A-Z]+ )*PRIVATE KEY-----|$)/g,
  },
  { kind: 'anthropic-api-key', regex: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  { kind: 'openai-api-key', regex: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  { kind: 'stripe-key', regex: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { kind: 'aws-access-key-id', regex: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: 'github-token', regex: /\b(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{22,})/g },
  { kind: 'gitlab-token', regex: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { kind: 'slack-token', regex: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  {
    kind: 'slack-webhook',
    regex: /hooks\.slack\.com\/services\/([A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{8,})/g,
    group: 1,
  },
  {
    kind: 'discord-webhook',
    regex: /discord(?:app)?\.com\/api\/webhooks\/\d+\/([A-Za-z0-9_-]{20,})/g,
    group: 1,
  },
  { kind: 'google-api-key', regex: /\bAIza[0-9A-Za-z_-]{35}/g },
  { kind: 'google-oauth-client-secret', regex: /\bGOCSPX-[A-Za-z0-9_-]{20,}/g },
  { kind: 'telegram-bot-token', regex: /(?<!\d)\d{8,10}:[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/g },
  { kind: 'sendgrid-api-key', regex: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g },
  { kind: 'mailgun-api-key', regex: /\bkey-[0-9a-f]{32}\b/g },
  { kind: 'hubspot-token', regex: /\bpat-(?:na|eu)\d-[0-9a-f-]{36}\b/g },
  { kind: 'airtable-token', regex: /\bpat[A-Za-z0-9]{14}\.[0-9a-f]{64}\b/g },
  { kind: 'notion-token', regex: /\b(?:secret_|ntn_)[A-Za-z0-9]{40,}/g },
  { kind: 'twilio-api-key', regex: /\bSK[0-9a-f]{32}\b/g },
  { kind: 'jwt', regex: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g },
  { kind: 'bearer-token', regex: /\bBearer\s+([A-Za-z0-9._~+/=-]{16,})/g, group: 1, placeholderAware: true },
  {
    kind: 'basic-auth',
    // A word (letters, at most the first one upper case) is prose ("Basic understanding",
    // "Basic Authentication"), not base64.
    regex: /\bBasic\s+((?=[A-Za-z0-9+/][a-z]*[A-Z0-9+/])[A-Za-z0-9+/]{12,}={0,2})(?![A-Za-z0-9+/=])/g,
    group: 1,
    placeholderAware: true,
  },
  {
    kind: 'url-password',
    regex: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@{}]+:([^\s/@{}]+)@/gi,
    group: 1,
    placeholderAware: true,
  },
];

/** Squashed field names (lower case, letters and digits) whose literal value is a secret. */
const SECRET_NAME_ENDINGS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'secretkey',
  'apikey',
  'apitoken',
  'token',
  'privatekey',
  'authorization',
  'accesskey',
];
const NOT_SECRET_NAMES = new Set([
  'pagetoken',
  'nextpagetoken',
  'continuationtoken',
  'cursortoken',
  'synctoken',
  'csrftoken',
  'publickey',
  'publishablekey',
  'accesskeyid',
]);

function isSecretName(name: string): boolean {
  const squashed = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (squashed === '' || NOT_SECRET_NAMES.has(squashed)) return false;
  return SECRET_NAME_ENDINGS.some((ending) => squashed.endsWith(ending));
}

/** Values that are not literals: expressions, variables, credential references. */
function isReference(value: string): boolean {
  return (
    value.includes('{{') ||
    /\$(?:env|vars|secrets|credentials|json|node|input)\b/.test(value) ||
    /process\.env/.test(value)
  );
}

function isPlaceholder(value: string): boolean {
  const v = value.trim();
  return (
    /\s/.test(v) ||
    /^[<[{(].*[>\]})]$/.test(v) ||
    /^(.)\1*$/.test(v) ||
    /(your|my|enter|insert|replace|paste)[\s_-]?(own[\s_-]?)?(api|key|token|secret|password|pass|here|credential)/i.test(
      v,
    ) ||
    /^(changeme|change_me|placeholder|password|secret|token|api[_-]?key|none|null|undefined|true|false|test|example|redacted|xxx+.*|\*+.*)$/i.test(
      v,
    )
  );
}

function preview(secret: string): string {
  return secret.length >= 12 ? `${secret.slice(0, 4)}…` : '…';
}

interface Hit {
  finding: SecretFinding;
  holder: JsonRecord | unknown[];
  key: string | number;
  /** Character ranges of the secret inside the string, or `whole` for the entire value. */
  spans: [number, number][] | 'whole';
}

interface NodeContext {
  workflow?: string;
  node: string;
  nodeId?: string;
  hits: Hit[];
  seen: Set<string>;
}

function record(
  context: NodeContext,
  path: string,
  kind: string,
  secret: string,
  holder: Hit['holder'],
  key: Hit['key'],
  spans: Hit['spans'],
): void {
  const dedupe = `${path}\u0000${kind}`;
  if (context.seen.has(dedupe)) {
    const existing = context.hits.find(
      (hit) => hit.holder === holder && hit.key === key && hit.finding.kind === kind,
    );
    if (existing && existing.spans !== 'whole' && spans !== 'whole') existing.spans.push(...spans);
    return;
  }
  context.seen.add(dedupe);
  context.hits.push({
    finding: {
      ...(context.workflow !== undefined ? { workflow: context.workflow } : {}),
      node: context.node,
      ...(context.nodeId !== undefined ? { nodeId: context.nodeId } : {}),
      path,
      kind,
      preview: preview(secret),
    },
    holder,
    key,
    spans,
  });
}

function checkString(
  value: string,
  fieldName: string | undefined,
  path: string,
  holder: Hit['holder'],
  key: Hit['key'],
  context: NodeContext,
): void {
  if (value.length < 4) return;
  const taken: [number, number][] = [];
  for (const pattern of PATTERNS) {
    pattern.regex.lastIndex = 0;
    for (const match of value.matchAll(pattern.regex)) {
      const group = pattern.group ?? 0;
      const secret = match[group];
      if (secret === undefined || match.index === undefined) continue;
      const start = match.index + (group === 0 ? 0 : match[0].indexOf(secret));
      const end = start + secret.length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      if (pattern.placeholderAware && (isPlaceholder(secret) || isReference(secret))) continue;
      taken.push([start, end]);
      record(context, path, pattern.kind, secret, holder, key, [[start, end]]);
    }
  }
  if (taken.length > 0 || fieldName === undefined || !isSecretName(fieldName)) return;
  const literal = value.startsWith('=') ? value.slice(1) : value;
  if (literal.length < 4 || isReference(literal) || isPlaceholder(literal)) return;
  const kind = /pass|pwd/i.test(fieldName) ? 'password' : 'secret-field';
  record(context, path, kind, literal, holder, key, 'whole');
}

function scanValue(
  value: unknown,
  path: string,
  fieldName: string | undefined,
  holder: Hit['holder'],
  key: Hit['key'],
  context: NodeContext,
  depth: number,
): void {
  if (typeof value === 'string') {
    checkString(value, fieldName, path, holder, key, context);
    return;
  }
  if (depth > 300 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++)
      scanValue(value[i], `${path}[${i}]`, fieldName, value, i, context, depth + 1);
    return;
  }
  const objectValue = value as JsonRecord;
  // n8n header and query lists: { name: 'Authorization', value: 'Bearer …' }.
  const pairName = text(own(objectValue, 'name')) ?? text(own(objectValue, 'key'));
  for (const childKey of Object.keys(objectValue)) {
    const childName = childKey === 'value' && pairName !== undefined ? pairName : childKey;
    scanValue(
      objectValue[childKey],
      `${path}.${childKey}`,
      childName,
      objectValue,
      childKey,
      context,
      depth + 1,
    );
  }
}

function scanNode(raw: JsonRecord, fields: string[], context: NodeContext): void {
  for (const field of fields) {
    const value = own(raw, field);
    if (value !== undefined) scanValue(value, field, field, raw, field, context, 0);
  }
}

function collectHits(detected: Detected, result: ParseSuccess): Hit[] {
  const hits: Hit[] = [];
  const visit = (
    graph: WorkflowGraph | undefined,
    raw: JsonRecord,
    name: string,
    nodeId: string | undefined,
    fields: string[],
  ) => {
    const context: NodeContext = {
      ...(graph ? { workflow: graph.name } : {}),
      node: name,
      ...(nodeId !== undefined ? { nodeId } : {}),
      hits,
      seen: new Set(),
    };
    scanNode(raw, fields, context);
  };
  const names = new Map<WorkflowGraph, Map<string, string>>();
  const nameOf = (graph: WorkflowGraph | undefined, id: string | undefined, fallback: string) => {
    if (graph === undefined || id === undefined) return fallback;
    let byId = names.get(graph);
    if (!byId) names.set(graph, (byId = new Map(graph.nodes.map((node) => [node.id, node.name]))));
    return byId.get(id) ?? fallback;
  };

  readerOf(detected).walkSecrets(detected.document, result.workflows, { visit, nameOf });
  return hits;
}

/**
 * Finds credentials pasted into node parameters. Accepts export text, a successful parse result
 * (from parseWorkflowExport) or a parsed export value.
 */
export function scanSecrets(input: string | ParseResult | unknown): SecretFinding[] {
  try {
    const result = isParseResult(input) ? input : parseWorkflowExport(input);
    if (!result.ok) return [];
    const document = documentOf(result);
    if (!document) return [];
    return collectHits(document.detected, result).map((hit) => hit.finding);
  } catch {
    return [];
  }
}

function isParseResult(value: unknown): value is ParseResult {
  return (
    isRecord(value) &&
    typeof value.ok === 'boolean' &&
    (value.ok ? Array.isArray(value.workflows) : isRecord(value.error))
  );
}

export const REDACTED = 'REDACTED';

/**
 * Removes exactly the values scanSecrets finds: a secret inside a longer string becomes
 * `REDACTED`, a field that holds only a secret becomes empty. The result is an export of the
 * same platform that still imports.
 */
export function redactSecrets(text: string): { text: string; redacted: SecretFinding[] } {
  try {
    const result = parseWorkflowExport(text);
    if (!result.ok) return { text, redacted: [] };
    const document = documentOf(result);
    if (!document) return { text, redacted: [] };
    const hits = collectHits(document.detected, result);
    if (hits.length === 0) return { text, redacted: [] };

    const byValue = new Map<Hit['holder'], Map<Hit['key'], Hit[]>>();
    for (const hit of hits) {
      let keys = byValue.get(hit.holder);
      if (!keys) byValue.set(hit.holder, (keys = new Map()));
      keys.set(hit.key, [...(keys.get(hit.key) ?? []), hit]);
    }
    for (const [holder, keys] of byValue) {
      for (const [key, keyHits] of keys) {
        const current = (holder as Record<string | number, unknown>)[key];
        if (typeof current !== 'string') continue;
        const spans = keyHits.flatMap((hit) => (hit.spans === 'whole' ? [] : hit.spans));
        const replacement = keyHits.some((hit) => hit.spans === 'whole') ? '' : replaceSpans(current, spans);
        (holder as Record<string | number, unknown>)[key] = replacement;
      }
    }
    return { text: JSON.stringify(document.value, null, 2), redacted: hits.map((hit) => hit.finding) };
  } catch {
    return { text, redacted: [] };
  }
}

function replaceSpans(value: string, spans: [number, number][]): string {
  const sorted = [...spans].sort((a, b) => b[0] - a[0]);
  let out = value;
  let limit = Number.POSITIVE_INFINITY;
  for (const [start, end] of sorted) {
    if (end > limit) continue;
    out = out.slice(0, start) + REDACTED + out.slice(end);
    limit = start;
  }
  return out;
}

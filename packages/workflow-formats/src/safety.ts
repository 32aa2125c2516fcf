/**
 * The safety check: deterministic rules over each node's raw settings that say what a workflow can do
 * to the machine it runs on and where it sends data. Every finding names its rule (`code`), a
 * severity and, at most, a host, module or package name as `detail`: never code and never a secret.
 * The same file always gives the same findings, so authors can fix what is reported and admins can
 * see why (decision 0165).
 */
import { isN8nCommunityType, n8nPackageOf } from './apps.ts';
import type { ParseResult, ParseSuccess, WorkflowGraph } from './model.ts';
import { documentOf, parseWorkflowExport } from './parse.ts';
import { readerOf } from './readers.ts';
import { type SecretFinding, scanSecrets } from './secrets.ts';
import { type JsonRecord, isRecord, own, text } from './shared.ts';

/*
 * The shapes of the checks' contract (`@flowbay/domain` checks.ts), repeated here because this
 * package depends on nothing else in the project; the server's checks-contract test holds both equal.
 */

/** Ordered from least to most serious. */
export const SAFETY_SEVERITIES = ['info', 'low', 'medium', 'high'] as const;
export type SafetySeverity = (typeof SAFETY_SEVERITIES)[number];

/** The codes the file rules produce (`policy` belongs to the optional language-model check). */
export const SAFETY_RULE_CODES = [
  'secret',
  'secret_removed',
  'execute_command',
  'ssh',
  'ftp',
  'file_system',
  'code_node',
  'code_child_process',
  'code_fs',
  'code_eval',
  'code_network_module',
  'code_blob',
  'http_request',
  'http_ip_literal',
  'http_paste_site',
  'http_url_shortener',
  'http_file_sharing',
  'credential_foreign_host',
  'webhook_no_auth',
  'form_no_auth',
  'community_package',
] as const;
export type SafetyRuleCode = (typeof SAFETY_RULE_CODES)[number] | 'policy';

export interface SafetyFinding {
  code: SafetyRuleCode;
  severity: SafetySeverity;
  /** The node's name in the file: for the author and admins only. */
  node?: string;
  /** The platform's node type (`n8n-nodes-base.code`, `code:ExecuteCode`, `CodeAPI`). */
  node_type?: string;
  /** A host, a module name, a package name or a secret's kind: never code or a secret. */
  detail?: string;
  /** Whether a buyer should know (the public Checked panel lists these). */
  public: boolean;
}

/** `detail` of a Make or Zapier webhook: its address is a long random link, a secret of its own. */
export const SECRET_URL_DETAIL = 'secret-url';

/** Characters of one node's settings the rules read; the rest of a huge node is not scanned. */
export const MAX_SCANNED_PER_NODE = 200_000;

export function severityRank(severity: SafetySeverity): number {
  return SAFETY_SEVERITIES.indexOf(severity);
}

/** The most serious severity among `findings`, or null when there are none. */
export function highestSeverity(findings: readonly { severity: SafetySeverity }[]): SafetySeverity | null {
  let best: SafetySeverity | null = null;
  for (const finding of findings)
    if (best === null || severityRank(finding.severity) > severityRank(best)) best = finding.severity;
  return best;
}

// ---------------------------------------------------------------------------------------------
// Hosts

const PASTE_SITES = [
  'pastebin.com',
  'pastebin.pl',
  'paste.ee',
  'hastebin.com',
  'hastebin.skyra.pw',
  'toptal.com/developers/hastebin',
  'ghostbin.com',
  'ghostbin.co',
  'rentry.co',
  'rentry.org',
  'transfer.sh',
  'dpaste.com',
  'dpaste.org',
  'paste.rs',
  'controlc.com',
  'justpaste.it',
  'privatebin.net',
  'termbin.com',
  'ix.io',
  'sprunge.us',
  '0x0.st',
  'pastie.org',
  'textbin.net',
  'katb.in',
  'paste.mozilla.org',
];

const URL_SHORTENERS = [
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  't.co',
  'is.gd',
  'v.gd',
  'goo.gl',
  'ow.ly',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'rb.gy',
  't.ly',
  'tiny.cc',
  's.id',
  'bl.ink',
  'lnkd.in',
  'shorte.st',
  'adf.ly',
  'qrco.de',
];

const FILE_SHARING = [
  'anonfiles.com',
  'file.io',
  'mega.nz',
  'mega.io',
  'gofile.io',
  'wetransfer.com',
  'we.tl',
  'sendspace.com',
  'mediafire.com',
  'zippyshare.com',
  'catbox.moe',
  'filebin.net',
  'bashupload.com',
  'temp.sh',
  'uguu.se',
  'pixeldrain.com',
  'bayfiles.com',
  'krakenfiles.com',
  'dropmefiles.com',
];

function hostIn(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/**
 * The host a URL literally names, lower case; undefined when the host is not known before the
 * workflow runs (an expression or a variable in the address) or the text is no address.
 */
export function literalHost(raw: string): string | undefined {
  let url = raw.trim();
  if (url.startsWith('=')) url = url.slice(1).trim();
  if (url === '' || url.length > 4096) return undefined;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    // Make and Zapier accept an address without a scheme; anything else is not an address.
    if (!/^[a-z0-9[][^\s/]*\.[^\s/]*(?:[/:?#]|$)/i.test(url) && !/^\[[0-9a-f:.]+\]/i.test(url))
      return undefined;
    url = `https://${url}`;
  } else if (!/^(?:https?|wss?|ftp):\/\//i.test(url)) return undefined;
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1] ?? '';
  if (authority === '' || /[{}$]|\{\{/.test(authority)) return undefined;
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === '' ? undefined : host.replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

type IpKind = 'public' | 'private' | 'metadata';

/** Whether the host (as the URL parser normalises it) is an IP address, and which kind. */
export function ipLiteralKind(host: string): IpKind | undefined {
  if (host.startsWith('[')) {
    const v6 = host.slice(1, -1);
    if (v6 === 'fd00:ec2::254') return 'metadata';
    if (v6 === '::1' || v6 === '::' || /^f[cd]/i.test(v6) || /^fe[89ab]/i.test(v6)) return 'private';
    const mapped = /^::ffff:(.+)$/i.exec(v6)?.[1];
    if (mapped && /^\d+\.\d+\.\d+\.\d+$/.test(mapped)) return ipLiteralKind(mapped);
    return 'public';
  }
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return undefined;
  const [a, b] = [Number(match[1]), Number(match[2])];
  if (a === 169 && b === 254) return 'metadata';
  if (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  )
    return 'private';
  return 'public';
}

/** The `http_*` findings one literal host raises (none for an ordinary named host). */
function hostFindings(host: string): { code: SafetyRuleCode; severity: SafetySeverity }[] {
  const ip = ipLiteralKind(host);
  if (ip !== undefined)
    return [
      {
        code: 'http_ip_literal',
        // A cloud's metadata address hands out the server's own credentials.
        severity: ip === 'metadata' ? 'high' : ip === 'private' ? 'low' : 'medium',
      },
    ];
  if (hostIn(host, PASTE_SITES)) return [{ code: 'http_paste_site', severity: 'high' }];
  if (hostIn(host, FILE_SHARING)) return [{ code: 'http_file_sharing', severity: 'medium' }];
  if (hostIn(host, URL_SHORTENERS)) return [{ code: 'http_url_shortener', severity: 'medium' }];
  return [];
}

/** Whether a host is one the other rules already call risky. */
function isRiskyHost(host: string): boolean {
  return hostFindings(host).length > 0;
}

/**
 * The domains of n8n credential types whose service lives at fixed addresses. A credential of one of
 * these types sent to any other host leaves its service. Types of services people host themselves
 * (WordPress, GitLab, Nextcloud, Supabase…) are not listed: their addresses cannot be known.
 */
const CREDENTIAL_DOMAINS: [RegExp, string[]][] = [
  [/^slack/i, ['slack.com']],
  [/^todoist/i, ['todoist.com']],
  [/^notion/i, ['notion.com', 'notion.so']],
  [/^openAi/i, ['openai.com']],
  [/^anthropic/i, ['anthropic.com']],
  [/^airtable/i, ['airtable.com']],
  [/^github/i, ['github.com', 'githubusercontent.com']],
  [/^google|^gmail|^youTube/i, ['googleapis.com', 'google.com', 'youtube.com']],
  [/^hubspot/i, ['hubapi.com', 'hubspot.com']],
  [/^stripe/i, ['stripe.com']],
  [/^telegram/i, ['telegram.org']],
  [/^discord/i, ['discord.com', 'discordapp.com']],
  [
    /^microsoft/i,
    ['microsoft.com', 'office.com', 'office365.com', 'microsoftonline.com', 'sharepoint.com', 'live.com'],
  ],
  [/^twitter/i, ['twitter.com', 'x.com']],
  [/^facebook/i, ['facebook.com']],
  [/^dropbox/i, ['dropbox.com', 'dropboxapi.com']],
  [/^trello/i, ['trello.com']],
  [/^asana/i, ['asana.com']],
  [/^clickUp/i, ['clickup.com']],
  [/^mailchimp/i, ['mailchimp.com']],
  [/^sendGrid/i, ['sendgrid.com']],
  [/^twilio/i, ['twilio.com']],
  [/^zendesk/i, ['zendesk.com']],
  [/^linear/i, ['linear.app']],
  [/^pipedrive/i, ['pipedrive.com']],
  [/^mondayCom/i, ['monday.com']],
  [/^calendly/i, ['calendly.com']],
  [/^typeform/i, ['typeform.com']],
  [/^linkedIn/i, ['linkedin.com']],
  [/^zoom/i, ['zoom.us']],
  [/^box/i, ['box.com']],
  [/^mistral/i, ['mistral.ai']],
  [/^groq/i, ['groq.com']],
  [/^perplexity/i, ['perplexity.ai']],
  [/^openRouter/i, ['openrouter.ai']],
  [/^deepSeek/i, ['deepseek.com']],
  [/^huggingFace/i, ['huggingface.co']],
  [/^pinecone/i, ['pinecone.io']],
  [/^jiraSoftwareCloud/i, ['atlassian.net', 'atlassian.com']],
  [/^shopify/i, ['myshopify.com', 'shopify.com']],
  [/^spotify/i, ['spotify.com']],
];

/** Credential types that name no service: the host is the user's choice. */
const GENERIC_CREDENTIALS = /^(?:http|oAuth[12]|oauth|generic|custom)/i;

/**
 * Whether a credential of `type` sent to `host` leaves its service: true when the type's service is
 * known and the host is not one of its domains, or when the host is one the other rules call risky.
 * Unknown types count only for risky hosts, since their service may run anywhere.
 */
export function isForeignHost(type: string | undefined, host: string): boolean {
  if (isRiskyHost(host)) return true;
  if (type === undefined || GENERIC_CREDENTIALS.test(type)) return false;
  // A known service: only its own domains (`slack.example.net` is not Slack's).
  const known = CREDENTIAL_DOMAINS.find(([pattern]) => pattern.test(type));
  if (known) return !hostIn(host, known[1]);
  // Another service: a host naming it is taken as its own (`serpApi` → serpapi.com).
  const stem = type.replace(/(?:OAuth2?|Token|App|Developer|Bot|Webhook|Graph)?Api$/i, '').toLowerCase();
  if (stem.length >= 3 && host.replace(/[^a-z0-9.]/g, '').includes(stem)) return false;
  // Another known service's domain is foreign to any other credential.
  return CREDENTIAL_DOMAINS.some(([, domains]) => hostIn(host, domains));
}

// ---------------------------------------------------------------------------------------------
// Code

interface CodeRule {
  code: SafetyRuleCode;
  /** Words one of which the code must contain for `regex` to be tried (a cheap first pass). */
  hints: string[];
  regex: RegExp;
  /** The capture group naming the module for `detail`. */
  group?: number;
  /** `detail` when no group names it. */
  detail?: string;
  python?: boolean;
}

const JS_NETWORK_MODULES =
  'https?|http2|net|dgram|tls|dns|axios|node-fetch|got|request|ws|undici|superagent|needle|socket\\.io-client|cross-fetch|isomorphic-fetch|ky';

/** A module loaded by `require('x')`, `_load('x')`, `import … from 'x'`, `import('x')` or `import 'x'`. */
const loads = (modules: string) =>
  new RegExp(
    `(?:\\b(?:require|_load)\\s*\\(\\s*|\\bfrom\\s*|\\bimport\\s*\\(\\s*|\\bimport\\s+)['"\`](?:node:)?(${modules})(?:/[\\w./-]*)?['"\`]`,
    'g',
  );

/** `require(…)`, `_load(…)` and every form of `import` contain one of these. */
const LOADS = ['require', '_load', 'import'];

const CODE_RULES: CodeRule[] = [
  // Named in any string: `module.constructor._load('child_process')`, `globalThis[r]('child_process')`.
  {
    code: 'code_child_process',
    hints: ['child_process'],
    regex: /['"`](?:node:)?(child_process)['"`]/g,
    group: 1,
  },
  {
    code: 'code_child_process',
    hints: ['binding'],
    regex: /\bprocess\.binding\s*\(\s*['"`]spawn_sync['"`]/g,
  },
  {
    code: 'code_child_process',
    hints: ['subprocess', 'os.', 'pty.'],
    regex: /\b(subprocess|os\.system|os\.popen|os\.exec[lv]p?e?|os\.spawn[lv]p?e?|pty\.spawn)\b/g,
    group: 1,
    python: true,
  },
  { code: 'code_fs', hints: LOADS, regex: loads('fs/promises|fs-extra|graceful-fs|fs'), group: 1 },
  { code: 'code_fs', hints: ['binding'], regex: /\bprocess\.binding\s*\(\s*['"`]fs['"`]/g },
  {
    code: 'code_fs',
    hints: ['open', 'shutil', 'pathlib', 'os.'],
    regex: /(?:^|[^\w.])(open)\s*\(|\b(shutil|pathlib|os\.remove|os\.unlink|os\.listdir|os\.walk)\b/g,
    python: true,
  },
  { code: 'code_eval', hints: ['eval'], regex: /(?<![\w$.])(eval)\s*\(/g, group: 1 },
  { code: 'code_eval', hints: ['Function'], regex: /\bnew\s+Function\s*\(/g },
  { code: 'code_eval', hints: ['Function'], regex: /(?<![\w$.])Function\s*\(\s*['"`]/g },
  {
    code: 'code_eval',
    hints: ['constructor'],
    regex: /\bconstructor\s*\.\s*constructor\s*\(|\[\s*['"`]constructor['"`]\s*\]\s*\[/g,
  },
  { code: 'code_eval', hints: LOADS, regex: loads('vm|vm2|isolated-vm'), group: 1 },
  // What hides a name from these rules: `(function () {}).constructor('…')`, a module name computed
  // at run time (`require(Buffer.from(…))`), a global reached by a built name (`globalThis['ev' + 'al']`).
  {
    code: 'code_eval',
    hints: ['constructor'],
    regex: /[)}\]]\s*\)?\s*\.\s*constructor\s*\(\s*['"`]/g,
    detail: 'Function',
  },
  {
    code: 'code_eval',
    hints: ['require'],
    regex: /(?<![\w$.])require\s*\(\s*(?:(?!['"`)\s])[^)]*\(|['"`][^'"`]*['"`]\s*\+)/g,
    detail: 'dynamic require',
  },
  {
    code: 'code_eval',
    hints: ['['],
    regex: /\b(?:globalThis|global|window|self|process|module|this)\s*\[\s*['"`][^'"`\]]*['"`]\s*\+/g,
    detail: 'computed name',
  },
  {
    code: 'code_eval',
    hints: ['exec', 'compile', '__import__'],
    regex: /(?<![\w$.])(exec|compile|__import__)\s*\(/g,
    group: 1,
    python: true,
  },
  { code: 'code_network_module', hints: LOADS, regex: loads(JS_NETWORK_MODULES), group: 1 },
  {
    code: 'code_network_module',
    hints: ['import'],
    regex:
      /^[ \t]*(?:import|from)[ \t]+(requests|urllib\d?|httpx|socket|aiohttp|http\.client|ftplib|smtplib|paramiko|pyodide\.http)\b/gm,
    group: 1,
    python: true,
  },
];

const DETAIL_NAMES: Partial<Record<SafetyRuleCode, string>> = {
  code_child_process: 'child_process',
  code_fs: 'fs',
  code_eval: 'Function',
};

const ESCAPED_BYTES = /(?:\\x[0-9a-fA-F]{2}){64,}|(?:\\u00[0-9a-fA-F]{2}){64,}/g;
const URL_IN_CODE = /\b(?:https?|wss?|ftp):\/\/[^\s'"`<>()\\{}$]+/gi;
const BASE64_MIN = 200;
const HEX_MIN = 128;

/** 0: other, 1: a base64 character that is not hex, 2: a hex digit (also base64). */
const RUN_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[0-9a-fA-F]/.test(ch)) RUN_CLASS[c] = 2;
  else if (/[A-Za-z0-9+/=]/.test(ch)) RUN_CLASS[c] = 1;
}

/** Whether a run of base64 looks like encoded data: mixed case and digits, few slashes. */
function isBase64Blob(run: string): boolean {
  const slashes = run.split('/').length - 1;
  return /[0-9]/.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run) && slashes < run.length / 20;
}

/**
 * A long run of base64 (at least 200 characters) or hex (at least 128): data hidden from the reader.
 * One pass over the text; images, fonts and media as data: URLs are left alone.
 */
function hasBlob(code: string): boolean {
  let base64Start = -1;
  let hexStart = -1;
  const length = code.length;
  for (let i = 0; i <= length; i++) {
    const c = i < length ? code.charCodeAt(i) : 0;
    const kind = c < 128 ? RUN_CLASS[c]! : 0;
    if (kind === 2) {
      if (hexStart < 0) hexStart = i;
    } else if (hexStart >= 0) {
      if (i - hexStart >= HEX_MIN) {
        const run = code.slice(hexStart, i);
        if (/[0-9]/.test(run) && /[a-f]/i.test(run)) return true;
      }
      hexStart = -1;
    }
    if (kind !== 0) {
      if (base64Start < 0) base64Start = i;
    } else if (base64Start >= 0) {
      if (i - base64Start >= BASE64_MIN) {
        const before = code.slice(Math.max(0, base64Start - 40), base64Start);
        if (!/data:(?:image|font|audio|video)\/[\w.+-]+;base64,$/i.test(before)) {
          if (isBase64Blob(code.slice(base64Start, i))) return true;
        }
      }
      base64Start = -1;
    }
  }
  if (!code.includes('\\x') && !code.includes('\\u00')) return false;
  ESCAPED_BYTES.lastIndex = 0;
  return ESCAPED_BYTES.test(code);
}

/** Longest `detail`: a DNS name's 253 characters. */
const MAX_DETAIL = 253;

interface NodeContext {
  node: string;
  nodeType: string;
  out: SafetyFinding[];
  /** Findings of this node so far (`code` and `detail`): one node reports each once. */
  seen: Set<string>;
}

function add(
  context: NodeContext,
  code: SafetyRuleCode,
  severity: SafetySeverity,
  isPublic: boolean,
  detail?: string,
): void {
  // Hosts and npm names are short; a longer one is a made-up value, cut to a readable length.
  if (detail !== undefined && detail.length > MAX_DETAIL) detail = `${detail.slice(0, MAX_DETAIL - 1)}…`;
  const key = `${code}\u0000${detail ?? ''}`;
  if (context.seen.has(key)) return;
  context.seen.add(key);
  context.out.push({
    code,
    severity,
    node: context.node,
    node_type: context.nodeType,
    ...(detail !== undefined ? { detail } : {}),
    public: isPublic,
  });
}

/** What a piece of code does: the `code_*` rules, plus risky hosts among its literal URLs. */
function checkCode(code: string, python: boolean, context: NodeContext): void {
  for (const rule of CODE_RULES) {
    if (rule.python && !python) continue;
    if (!rule.hints.some((hint) => code.includes(hint))) continue;
    rule.regex.lastIndex = 0;
    for (const match of code.matchAll(rule.regex)) {
      const named = rule.group !== undefined ? match[rule.group] : undefined;
      add(context, rule.code, 'high', true, named ?? rule.detail ?? DETAIL_NAMES[rule.code]);
      if (rule.code !== 'code_network_module') break;
    }
  }
  if (hasBlob(code)) add(context, 'code_blob', 'medium', true);
  if (!code.includes('://')) return;
  for (const match of code.matchAll(URL_IN_CODE)) {
    const host = literalHost(match[0]);
    if (host === undefined) continue;
    for (const found of hostFindings(host)) add(context, found.code, found.severity, true, host);
  }
}

/** Every string under `value`, until `budget` characters have been collected. */
function collectStrings(value: unknown, out: string[], budget: { left: number }, depth = 0): void {
  if (budget.left <= 0 || depth > 64) return;
  if (typeof value === 'string') {
    const piece = value.length > budget.left ? value.slice(0, budget.left) : value;
    out.push(piece);
    budget.left -= piece.length;
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectStrings(item, out, budget, depth + 1);
    return;
  }
  for (const key of Object.keys(value)) collectStrings((value as JsonRecord)[key], out, budget, depth + 1);
}

function stringsOf(...values: unknown[]): string[] {
  const out: string[] = [];
  const budget = { left: MAX_SCANNED_PER_NODE };
  for (const value of values) collectStrings(value, out, budget);
  return out;
}

/** HTTP request rules for one request: `http_request` (info), the host's findings, credentials. */
function checkRequest(
  url: string | undefined,
  context: NodeContext,
  credential: { type?: string; viaExpression: boolean; names?: string[] } | undefined,
): void {
  const host = url === undefined ? undefined : literalHost(url);
  add(context, 'http_request', 'info', true, host);
  if (host === undefined) return;
  for (const found of hostFindings(host)) add(context, found.code, found.severity, true, host);
  if (credential === undefined) return;
  const squashedHost = host.replace(/[^a-z0-9]/g, '');
  // `$credentials.SerpAPI.key` sent to serpapi.com stays with its service.
  const namesItsHost = (credential.names ?? []).some((name) => {
    const stem = name
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .replace(/api$/, '');
    return stem.length >= 3 && squashedHost.includes(stem);
  });
  const foreign = credential.viaExpression
    ? // A credential's values typed into a request: any named host outside its service.
      !namesItsHost && (credential.type === undefined || isForeignHost(credential.type, host))
    : isForeignHost(credential.type, host);
  if (foreign) add(context, 'credential_foreign_host', 'high', true, host);
}

const CREDENTIAL_EXPRESSION = /\$credentials\b|\bgetCredentials\s*\(/;

/** Python rather than JavaScript, for code steps that do not say: `import x` lines, `def f(…):`. */
function looksLikePython(code: string): boolean {
  return /^[ \t]*(?:import [\w.]+(?: as \w+)?[ \t]*$|from [\w.]+ import |def \w+\(.*\):[ \t]*$)/m.test(code);
}

// ---------------------------------------------------------------------------------------------
// n8n

const N8N_CODE_TYPES = new Set([
  'n8n-nodes-base.code',
  'n8n-nodes-base.function',
  'n8n-nodes-base.functionItem',
  '@n8n/n8n-nodes-langchain.code',
  '@n8n/n8n-nodes-langchain.toolCode',
]);
const N8N_HTTP_TYPES = new Set([
  'n8n-nodes-base.httpRequest',
  'n8n-nodes-base.httpRequestTool',
  '@n8n/n8n-nodes-langchain.toolHttpRequest',
]);
const N8N_FILE_TYPES = new Set([
  'n8n-nodes-base.readWriteFile',
  'n8n-nodes-base.readBinaryFile',
  'n8n-nodes-base.readBinaryFiles',
  'n8n-nodes-base.writeBinaryFile',
  'n8n-nodes-base.localFileTrigger',
]);

function isPython(parameters: JsonRecord): boolean {
  const language = text(own(parameters, 'language'));
  return (
    (language !== undefined && /python/i.test(language)) || typeof own(parameters, 'pythonCode') === 'string'
  );
}

function checkN8nNode(raw: JsonRecord, context: NodeContext, packages: Map<string, NodeContext>): void {
  // An AI agent's tool form of a node (`n8n-nodes-base.executeCommandTool`) does what the node does.
  const type = context.nodeType.startsWith('n8n-nodes-base.')
    ? context.nodeType.replace(/Tool$/, '')
    : context.nodeType;
  const parameters = isRecord(own(raw, 'parameters')) ? (own(raw, 'parameters') as JsonRecord) : {};
  const disabled = own(raw, 'disabled') === true;
  if (type === 'n8n-nodes-base.executeCommand') add(context, 'execute_command', 'high', true);
  else if (type === 'n8n-nodes-base.ssh') add(context, 'ssh', 'medium', true);
  else if (type === 'n8n-nodes-base.ftp') add(context, 'ftp', 'low', true);
  else if (N8N_FILE_TYPES.has(type)) add(context, 'file_system', 'medium', true);
  else if (N8N_CODE_TYPES.has(type)) {
    add(context, 'code_node', 'info', true);
    const python = isPython(parameters);
    for (const piece of stringsOf(parameters)) checkCode(piece, python, context);
  } else if (N8N_HTTP_TYPES.has(type)) {
    const url = text(own(parameters, 'url')) ?? text(own(parameters, 'requestUrl'));
    const authentication = text(own(parameters, 'authentication'));
    const predefined =
      authentication === 'predefinedCredentialType' ? text(own(parameters, 'nodeCredentialType')) : undefined;
    const withCredentials = stringsOf(parameters).filter((piece) => CREDENTIAL_EXPRESSION.test(piece));
    const viaExpression = withCredentials.length > 0;
    const names = withCredentials.flatMap((piece) =>
      [...piece.matchAll(/\$credentials\s*(?:\.\s*|\[\s*['"`])([\w-]+)/g)].map((match) => match[1]!),
    );
    checkRequest(
      url,
      context,
      predefined !== undefined || viaExpression
        ? { ...(predefined !== undefined ? { type: predefined } : {}), viaExpression, names }
        : undefined,
    );
  } else if (type === 'n8n-nodes-base.webhook') {
    const authentication = text(own(parameters, 'authentication'));
    // An allow-list of caller IP addresses also keeps strangers out.
    const options = own(parameters, 'options');
    const allowList = isRecord(options) ? text(own(options, 'ipWhitelist')) : undefined;
    if (
      !disabled &&
      (authentication === undefined || authentication === 'none') &&
      (allowList === undefined || allowList.trim() === '')
    )
      add(context, 'webhook_no_auth', 'medium', true);
  } else if (type === 'n8n-nodes-base.formTrigger') {
    const authentication = text(own(parameters, 'authentication'));
    if (!disabled && (authentication === undefined || authentication === 'none'))
      add(context, 'form_no_auth', 'low', true);
  }
  if (isN8nCommunityType(type)) {
    const pkg = n8nPackageOf(type);
    if (pkg !== undefined && !packages.has(pkg)) packages.set(pkg, context);
  }
}

// ---------------------------------------------------------------------------------------------
// Make

const MAKE_CODE_APPS = new Set(['code', 'javascript', 'custom-js', 'python']);

function checkMakeModule(raw: JsonRecord, context: NodeContext): void {
  const type = context.nodeType;
  const colon = type.indexOf(':');
  const app = (colon >= 0 ? type.slice(0, colon) : type).toLowerCase();
  const action = colon >= 0 ? type.slice(colon + 1) : '';
  const parameters = own(raw, 'parameters');
  const mapper = own(raw, 'mapper');
  if (MAKE_CODE_APPS.has(app) || /javascript|executecode|runcode/i.test(action)) {
    add(context, 'code_node', 'info', true);
    const language = [parameters, mapper]
      .map((value) => (isRecord(value) ? text(own(value, 'language')) : undefined))
      .find((value) => value !== undefined);
    const pieces = stringsOf(mapper, parameters);
    const python =
      app === 'python' ||
      (language !== undefined && /python/i.test(language)) ||
      (isRecord(mapper) && Object.keys(mapper).some((key) => /python/i.test(key))) ||
      pieces.some(looksLikePython);
    for (const piece of pieces) checkCode(piece, python, context);
  } else if (app === 'http') {
    const url = isRecord(mapper) ? text(own(mapper, 'url')) : undefined;
    checkRequest(url, context, undefined);
  } else if (type === 'gateway:CustomWebHook') {
    add(context, 'webhook_no_auth', 'low', true, SECRET_URL_DETAIL);
  }
}

// ---------------------------------------------------------------------------------------------
// Zapier

function checkZapierStep(raw: JsonRecord, context: NodeContext): void {
  const api = context.nodeType;
  const action = text(own(raw, 'action')) ?? '';
  const params = own(raw, 'params');
  const url = isRecord(params) ? text(own(params, 'url')) : undefined;
  if (/^Code(?:CLI)?API$/i.test(api)) {
    add(context, 'code_node', 'info', true);
    // Newer exports name the action by an id, not `run_python`: the code itself tells.
    const pieces = stringsOf(params);
    const python = /python/i.test(action) || pieces.some(looksLikePython);
    for (const piece of pieces) checkCode(piece, python, context);
  } else if (/^Web[Hh]ooks?(?:CLI)?API$/.test(api)) {
    const catchHook = /hook/i.test(action) || (url === undefined && own(raw, 'type_of') === 'read');
    if (catchHook) add(context, 'webhook_no_auth', 'low', true, SECRET_URL_DETAIL);
    else checkRequest(url, context, undefined);
  } else if (/raw_request/i.test(action) && url !== undefined) {
    // An app's "API request" step sends the app's own connection to the address typed in.
    const service = api.replace(/(?:CLI)?API$/i, '');
    checkRequest(url, context, {
      type: `${service.charAt(0).toLowerCase()}${service.slice(1)}Api`,
      viaExpression: false,
    });
  }
}

// ---------------------------------------------------------------------------------------------

export interface SafetyOptions {
  /** Secrets removed from the upload before this check (`redactSecrets`): one `secret_removed` finding. */
  redacted?: readonly SecretFinding[];
  /** `scanSecrets` of this same input when the caller has it already (saves scanning twice). */
  secrets?: readonly SecretFinding[];
}

function isParseResult(value: unknown): value is ParseResult {
  return (
    isRecord(value) &&
    typeof value.ok === 'boolean' &&
    (value.ok ? Array.isArray(value.workflows) : isRecord(value.error))
  );
}

/** Most serious first; the file's order within a severity. */
function bySeverity(findings: SafetyFinding[]): SafetyFinding[] {
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => severityRank(b.finding.severity) - severityRank(a.finding.severity) || a.index - b.index)
    .map(({ finding }) => finding);
}

/**
 * The safety findings of an export: text, a parsed value or a result of `parseWorkflowExport`.
 * A file that is not a workflow export has none (the format check reports it).
 */
export function checkSafety(
  input: string | ParseResult | unknown,
  options: SafetyOptions = {},
): SafetyFinding[] {
  const result = isParseResult(input) ? input : parseWorkflowExport(input);
  if (!result.ok) return [];
  const document = documentOf(result);
  const findings: SafetyFinding[] = [];
  const typeById = new Map<WorkflowGraph, Map<string, string>>();
  const typeOf = (graph: WorkflowGraph | undefined, id: string | undefined) => {
    if (graph === undefined || id === undefined) return undefined;
    let types = typeById.get(graph);
    if (!types) typeById.set(graph, (types = new Map(graph.nodes.map((node) => [node.id, node.type]))));
    return types.get(id);
  };
  const graphOf = (name: string | undefined) => result.workflows.find((graph) => graph.name === name);

  const seenSecrets = new Set<string>();
  for (const secret of options.secrets ?? scanSecrets(result)) {
    // One finding per kind of secret in a node, however many fields hold one.
    const key = `${secret.workflow ?? ''}\u0000${secret.nodeId ?? secret.node}\u0000${secret.kind}`;
    if (seenSecrets.has(key)) continue;
    seenSecrets.add(key);
    const nodeType = typeOf(graphOf(secret.workflow), secret.nodeId);
    findings.push({
      code: 'secret',
      severity: 'high',
      node: secret.node,
      ...(nodeType !== undefined ? { node_type: nodeType } : {}),
      detail: secret.kind,
      public: false,
    });
  }
  if (options.redacted && options.redacted.length > 0) {
    const kinds = [...new Set(options.redacted.map((secret) => secret.kind))].sort().join(', ');
    const detail = kinds.length > MAX_DETAIL ? `${kinds.slice(0, MAX_DETAIL - 1)}…` : kinds;
    findings.push({ code: 'secret_removed', severity: 'info', detail, public: true });
  }
  if (document === undefined) return bySeverity(findings);

  const packages = new Map<string, NodeContext>();
  const nameById = new Map<WorkflowGraph, Map<string, string>>();
  const platform = (result as ParseSuccess).platform;
  readerOf(document.detected).walkSecrets(document.detected.document, result.workflows, {
    nameOf: (graph, id, fallback) => {
      if (graph === undefined || id === undefined) return fallback;
      let names = nameById.get(graph);
      if (!names) nameById.set(graph, (names = new Map(graph.nodes.map((node) => [node.id, node.name]))));
      return names.get(id) ?? fallback;
    },
    visit: (_graph, raw, name) => {
      const nodeType =
        platform === 'make'
          ? (text(own(raw, 'module')) ?? '')
          : platform === 'zapier'
            ? (text(own(raw, 'selected_api')) ?? '').split('@')[0]!
            : (text(own(raw, 'type')) ?? '');
      const context: NodeContext = { node: name, nodeType, out: findings, seen: new Set() };
      if (platform === 'n8n') checkN8nNode(raw, context, packages);
      else if (platform === 'make') checkMakeModule(raw, context);
      else if (platform === 'zapier') checkZapierStep(raw, context);
    },
  });
  for (const [pkg, context] of packages) add(context, 'community_package', 'medium', true, pkg);
  return bySeverity(findings);
}

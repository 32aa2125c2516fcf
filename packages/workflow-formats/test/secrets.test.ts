import { describe, expect, it } from 'vitest';
import { parseWorkflowExport, redactSecrets, scanSecrets, type SecretFinding } from '../src/index.ts';
import { fixture, n8nNode } from './helpers.ts';

const n8n = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    nodes: [n8nNode('Node', 'n8n-nodes-base.httpRequest', { id: 'a', typeVersion: 4, parameters, ...extra })],
    connections: {},
  });

/** A Zapier export of one zap (titled Z) with one trigger step. */
const zapierExport = (version: number | string, step: Record<string, unknown>) =>
  JSON.stringify({
    metadata: { version },
    zaps: [{ id: 1, title: 'Z', nodes: { 1: { id: 1, parent_id: null, ...step } } }],
  });

const kinds = (findings: SecretFinding[]) => findings.map((finding) => `${finding.path} ${finding.kind}`);

describe('scanSecrets', () => {
  it('catches every secret of the synthetic corpus file, naming node and path', () => {
    const findings = scanSecrets(fixture('synthetic/handmade--n8n-with-leaked-secrets.json'));
    expect(findings.map(({ node, path, kind }) => ({ node, path, kind }))).toEqual([
      {
        node: 'Call OpenAI',
        path: 'parameters.headerParameters.parameters[0].value',
        kind: 'openai-api-key',
      },
      { node: 'Upload to S3', path: 'parameters.accessKeyId', kind: 'aws-access-key-id' },
      { node: 'Upload to S3', path: 'parameters.secretAccessKey', kind: 'secret-field' },
      { node: 'Telegram', path: 'parameters.text', kind: 'telegram-bot-token' },
    ]);
    const serialized = JSON.stringify(findings);
    expect(serialized).not.toContain('EXAMPLEEXAMPLE');
    expect(serialized).not.toContain('wJalrXUtnFEMI');
    expect(serialized).not.toContain('AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0');
  });

  it.each([
    [
      'bearer header',
      {
        headerParameters: { parameters: [{ name: 'Authorization', value: 'Bearer abcdef0123456789abcdef' }] },
      },
      'bearer-token',
    ],
    [
      'x-api-key header',
      {
        headerParameters: { parameters: [{ name: 'x-api-key', value: 'a8f5f167f44f4964e6c998dee827110c' }] },
      },
      'secret-field',
    ],
    ['password in a URL', { url: 'postgres://admin:hunter2secret@db.example.com:5432/app' }, 'url-password'],
    ['password field', { password: 'correct-horse-battery' }, 'password'],
    ['apiKey field', { options: { apiKey: 'live_1234567890abcdef' } }, 'secret-field'],
    ['GitHub token', { body: 'token ghp_abcdefghijklmnopqrstuvwxyz0123456789' }, 'github-token'],
    ['Slack bot token', { token: 'xoxb-1234567890-abcdefghij' }, 'slack-token'],
    [
      'Slack webhook URL',
      { url: 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX' },
      'slack-webhook',
    ],
    ['Stripe key', { jsonBody: '{"key":"sk_live_abcdefghijklmnop1234"}' }, 'stripe-key'],
    [
      'Google API key',
      { url: 'https://maps.googleapis.com/x?key=AIzaSyA-1234567890abcdefghijklmnopqrstu' },
      'google-api-key',
    ],
    ['Anthropic key', { value: 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz' }, 'anthropic-api-key'],
    [
      'private key',
      { privateKey: '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----' },
      'private-key',
    ],
    [
      'JWT',
      {
        query: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      },
      'jwt',
    ],
  ])('flags a %s', (_, parameters, kind) => {
    expect(scanSecrets(n8n(parameters)).map((finding) => finding.kind)).toEqual([kind]);
  });

  it.each([
    ['an n8n expression', { token: '={{ $json.token }}' }],
    [
      'an expression in a header',
      {
        headerParameters: {
          parameters: [{ name: 'Authorization', value: '=Bearer {{ $json.accessToken }}' }],
        },
      },
    ],
    ['an environment variable', { apiKey: '={{ $env.OPENAI_KEY }}' }],
    ['a placeholder', { apiKey: 'YOUR_API_KEY' }],
    [
      'a placeholder bearer token',
      { headerParameters: { parameters: [{ name: 'Authorization', value: 'Bearer <your-token-here>' }] } },
    ],
    ['a masked value', { password: '********' }],
    ['a password option that is a word', { passwordField: 'password' }],
    ['a setting named like a token', { maxTokens: 1000, tokenType: 'Bearer', sendToken: true }],
    ['a page token', { nextPageToken: 'abc123def456' }],
    ['a URL without credentials', { url: 'https://api.example.com/v1/users?page=2' }],
    ['a URL with an expression password', { url: 'postgres://admin:{{ $env.DB_PASS }}@db:5432/app' }],
  ])('does not flag %s', (_, parameters) => {
    expect(scanSecrets(n8n(parameters))).toEqual([]);
  });

  it('does not flag n8n credential references', () => {
    const text = n8n(
      { authentication: 'predefinedCredentialType', nodeCredentialType: 'openAiApi' },
      { credentials: { openAiApi: { id: '1', name: 'OpenAI account' } } },
    );
    expect(scanSecrets(text)).toEqual([]);
  });

  it('does not flag Make connection references or Make / Zapier mappings', () => {
    for (const file of [
      'make/manasoid--meetings__blueprint-zoom.json',
      'make/manasoid--community-management__blueprint-buy-me-a-coffee-slack.json',
      'zapier/handmade--editor-export-paths.json',
      'zapier/handmade--account-export-two-zaps.json',
    ]) {
      expect(scanSecrets(fixture(file)), file).toEqual([]);
    }
  });

  it('finds secrets in Make modules (inside routes) and Zapier steps', () => {
    const make = JSON.stringify({
      name: 'S',
      metadata: {},
      flow: [
        {
          id: 1,
          module: 'builtin:BasicRouter',
          routes: [
            {
              flow: [
                {
                  id: 2,
                  module: 'http:ActionSendData',
                  parameters: {},
                  mapper: {
                    url: 'https://u:s3cretPassw0rd@x.io',
                    headers: [{ name: 'Authorization', value: 'Bearer 0123456789abcdefXYZ0' }],
                  },
                },
              ],
            },
          ],
        },
      ],
    });
    expect(kinds(scanSecrets(make))).toEqual([
      'mapper.url url-password',
      'mapper.headers[0].value bearer-token',
    ]);
    const zapier = zapierExport(2, {
      selected_api: 'WebHookCLIAPI@1.0.0',
      action: 'post',
      params: { api_key: 'sk-proj-abcdefghijklmnopqrstuvwxyz012345' },
    });
    expect(scanSecrets(zapier)).toEqual([
      expect.objectContaining({
        workflow: 'Z',
        node: 'Webhook: Post',
        path: 'params.api_key',
        kind: 'openai-api-key',
      }),
    ]);
  });

  it('scans a parse result without parsing again, and a parsed value', () => {
    const text = fixture('synthetic/handmade--n8n-with-leaked-secrets.json');
    expect(scanSecrets(parseWorkflowExport(text))).toHaveLength(4);
    expect(scanSecrets(JSON.parse(text))).toHaveLength(4);
    expect(scanSecrets('not json')).toEqual([]);
  });
});

describe('redactSecrets', () => {
  it('removes exactly the findings and keeps the export importable', () => {
    const text = fixture('synthetic/handmade--n8n-with-leaked-secrets.json');
    const { text: clean, redacted } = redactSecrets(text);
    expect(redacted).toHaveLength(4);
    expect(scanSecrets(clean)).toEqual([]);
    const before = parseWorkflowExport(text);
    const after = parseWorkflowExport(clean);
    if (!before.ok || !after.ok) throw new Error('expected both to parse');
    expect(after.platform).toBe('n8n');
    expect(after.workflows[0]!.nodes).toEqual(before.workflows[0]!.nodes);
    expect(after.workflows[0]!.edges).toEqual(before.workflows[0]!.edges);

    const node = (name: string) =>
      (JSON.parse(clean) as { nodes: { name: string; parameters: Record<string, unknown> }[] }).nodes.find(
        (n) => n.name === name,
      )!.parameters;
    expect(node('Call OpenAI').headerParameters).toEqual({
      parameters: [{ name: 'Authorization', value: 'Bearer REDACTED' }],
    });
    expect(node('Upload to S3')).toMatchObject({
      accessKeyId: 'REDACTED',
      secretAccessKey: '',
      bucketName: 'bao-gia',
    });
    expect(node('Telegram').text).toBe('https://api.telegram.org/botREDACTED/sendMessage');
    expect(node('Telegram').chatId).toBe('-1001234567890');
  });

  it('leaves text without secrets and unreadable text untouched', () => {
    const clean = fixture('make/manasoid--meetings__blueprint-zoom.json');
    expect(redactSecrets(clean)).toEqual({ text: clean, redacted: [] });
    expect(redactSecrets('{oops')).toEqual({ text: '{oops', redacted: [] });
  });

  it('keeps Make and Zapier exports valid', () => {
    const zapier = zapierExport('gdpr_v1', {
      selected_api: 'SlackAPI',
      action: 'x',
      params: { token: 'xoxp-123456789012-abcdefghijklmnop' },
    });
    const { text } = redactSecrets(zapier);
    expect(parseWorkflowExport(text)).toMatchObject({ ok: true, platform: 'zapier' });
    expect(scanSecrets(text)).toEqual([]);
  });
});

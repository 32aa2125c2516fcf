import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appDisplayName, normalizeAppKey } from '../src/index.ts';
import { isCoreApp, isProtocolApp } from '../src/apps.ts';
import { GENERIC_ICON_BODIES } from '../src/generic-icons.ts';
import { appInfo, brandIconSources, iconSvg } from '../src/icons.ts';
import { measureIconCoverage, measureNodeListCoverage } from '../src/coverage.ts';
import { FIXTURES } from './helpers.ts';

describe('app keys', () => {
  it.each([
    ['n8n-nodes-base.googleSheets', 'google-sheets'],
    ['google-sheets:addRow', 'google-sheets'],
    ['GoogleSheetsV2CLIAPI@2.5.4', 'google-sheets'],
    ['n8n-nodes-base.googleSheetsTrigger', 'google-sheets'],
    ['@n8n/n8n-nodes-langchain.lmChatAnthropic', 'anthropic'],
    ['@n8n/n8n-nodes-langchain.gmailTool', 'gmail'],
    ['n8n-nodes-base.pipedrive', 'pipedrive'],
    ['n8n-nodes-base.someNewService', 'some-new-service'],
    ['WebHookCLIAPI@1.0.0', 'webhook'],
    ['', 'unknown'],
  ])('%s → %s', (type, key) => expect(normalizeAppKey(type)).toBe(key));

  it('has display names for known and unknown keys', () => {
    expect(appDisplayName('google-sheets')).toBe('Google Sheets');
    expect(appDisplayName('some-new-service')).toBe('Some New Service');
  });

  it('keeps the browser-safe modules free of simple-icons', () => {
    for (const file of ['index.ts', 'apps.ts', 'parse.ts', 'secrets.ts', 'summary.ts', 'layout.ts']) {
      expect(readFileSync(join(import.meta.dirname, '../src', file), 'utf8')).not.toMatch(
        /from '(simple-icons|\.\/icons\.ts)'/,
      );
    }
  });
});

describe('icons', () => {
  it('draws the apps that sell a template with their brand marks', () => {
    for (const key of [
      'slack',
      'openai',
      'microsoft-outlook',
      'microsoft-excel',
      'azure-openai',
      'monday',
      'gmail',
      'google-sheets',
      'notion',
      'telegram',
    ])
      expect(appInfo(key).icon.type, key).toBe('brand');
    expect(appInfo('slack')).toEqual({
      key: 'slack',
      name: 'Slack',
      icon: { type: 'brand', source: 'logos:slack-icon' },
    });
  });

  it.each([
    ['google-email:TriggerWatchEmails', 'gmail'],
    ['microsoft-365-email:ActionSendAnEmail', 'microsoft-outlook'],
    ['hubspotcrm:createContact', 'hubspot'],
    ['anthropic-claude:createAMessage', 'anthropic'],
    ['gemini-ai:generateAResponse', 'google-gemini'],
    ['openai-gpt-3:CreateCompletion', 'openai'],
    ['Office365CLIAPI@1.2.0', 'microsoft-outlook'],
    ['ChatGPTCLIAPI@2.1.0', 'openai'],
    ['GoogleMailV2CLIAPI', 'gmail'],
  ])('draws the Make or Zapier app %s with the brand mark of %s', (type, key) => {
    expect(normalizeAppKey(type)).toBe(key);
    expect(appInfo(key).icon.type).toBe('brand');
  });

  it('counts Zapier built-ins as core steps', () => {
    for (const type of [
      'LooperCLIAPI@1.0.0',
      'StorageCLIAPI',
      'FormatterV2CLIAPI',
      'CodeCLIAPI@1.0.1',
      'FilterAPI',
    ])
      expect(isCoreApp(normalizeAppKey(type)), type).toBe(true);
  });

  it('keeps generic glyphs for core nodes and a neutral one for unknown apps', () => {
    expect(appInfo('webhook').icon).toEqual({ type: 'generic', name: 'webhook' });
    expect(appInfo('if').icon).toEqual({ type: 'generic', name: 'branch' });
    expect(appInfo('set').icon).toEqual({ type: 'generic', name: 'edit' });
    expect(appInfo('zzz-unheard-of').icon).toEqual({ type: 'fallback' });
  });

  it('finds a Simple Icons mark for an app outside the shipped list', () => {
    expect(brandIconSources().has('vercel')).toBe(false);
    expect(appInfo('vercel').icon).toEqual({ type: 'brand', source: 'simple-icons:vercel' });
  });

  it('returns standalone SVG documents', () => {
    for (const key of ['gmail', 'slack', 'openai', 'webhook', 'zzz-unheard-of', '<script>', '../index']) {
      const svg = iconSvg(key);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
      expect(svg).not.toContain('<script');
    }
    expect(iconSvg('slack')).toContain('<title>Slack</title>');
    expect(Object.keys(GENERIC_ICON_BODIES).length).toBeGreaterThan(40);
  });

  it('ships a file for every brand mark in the index, with a source note for each set', () => {
    const dir = join(import.meta.dirname, '../brand-icons');
    const sources = readFileSync(join(dir, 'SOURCES.md'), 'utf8');
    for (const key of brandIconSources().keys())
      expect(readFileSync(join(dir, `${key}.svg`), 'utf8'), key).toMatch(/^<svg /);
    const npmPackage: Record<string, string> = {
      logos: '@iconify-json/logos',
      'simple-icons': 'simple-icons',
      lobe: '@lobehub/icons-static-svg',
      'super-tiny-icons': 'super-tiny-icons',
      arcticons: '@iconify-json/arcticons',
      'streamline-logos': '@iconify-json/streamline-logos',
      cib: '@iconify-json/cib',
      mdi: '@iconify-json/mdi',
      'thesvg-color': '@iconify/json',
      selfhst: '@iconify/json',
    };
    const sets = new Set([...brandIconSources().values()].map((source) => source.split(':')[0]!));
    for (const set of sets) expect(sources, `${set} has a note`).toContain(`(npm \`${npmPackage[set]}\``);
    expect(sets.size).toBeGreaterThanOrEqual(3);
  });

  it('gives at least 90 % of third-party app nodes in the corpus a brand mark, core nodes apart', () => {
    const coverage = measureIconCoverage(FIXTURES);
    expect(coverage.brandShare).toBeGreaterThanOrEqual(0.9);
    expect(coverage.core).toBeGreaterThan(0);
    expect(coverage.coreWithGlyph).toBe(coverage.core);
  });

  it("counts the n8n node list with n8n's own core nodes and open protocols apart", () => {
    const coverage = measureNodeListCoverage();
    expect(coverage.apps + coverage.core + coverage.protocol).toBe(444);
    expect(coverage.core).toBeGreaterThanOrEqual(70);
    expect(coverage.protocols.map((entry) => entry.key).sort()).toEqual([
      'amqp',
      'jwt',
      'ldap',
      'mqtt',
      's3',
    ]);
    expect(coverage.missing.map((entry) => entry.key)).not.toContain('amqp');
    // Measured 73.0 %: most of the rest are small SaaS apps no openly licensed icon set carries (bench/reports/icons.md).
    expect(coverage.brandShare).toBeGreaterThan(0.7);
  });

  it('keeps a generic glyph for the S3 protocol node (MinIO, Wasabi…), the AWS mark for AWS S3', () => {
    expect(isProtocolApp('s3')).toBe(true);
    expect(appInfo('s3').icon).toEqual({ type: 'generic', name: 'storage' });
    expect(appInfo('aws-s3').icon.type).toBe('brand');
    expect(appInfo(normalizeAppKey('n8n-nodes-base.amqpTrigger'))).toEqual({
      key: 'amqp',
      name: 'AMQP',
      icon: { type: 'generic', name: 'arrow' },
    });
  });

  it('draws apps whose marks only theSVG or selfh.st carry, and Monica CRM with its own panda', () => {
    for (const [key, source] of [
      ['pipedrive', 'thesvg-color:pipedrive'],
      ['postmark', 'thesvg-color:postmark'],
      ['grist', 'selfhst:grist'],
      ['zammad', 'selfhst:zammad'],
      ['yourls', 'selfhst:yourls'],
      ['monica-crm', 'simple-icons:monica'],
    ] as const)
      expect(appInfo(key).icon, key).toEqual({ type: 'brand', source });
    expect(iconSvg('pipedrive')).toContain('<title>Pipedrive</title>');
  });

  it("draws a product sold under its owner's name with the owner's mark", () => {
    expect(appInfo(normalizeAppKey('n8n-nodes-base.filemaker')).icon).toEqual({
      type: 'brand',
      source: 'simple-icons:claris',
    });
    expect(appInfo('wufoo').icon).toEqual(appInfo('survey-monkey').icon);
    expect(appInfo('profit-well').icon).toEqual(appInfo('paddle').icon);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appDisplayName, normalizeAppKey } from '../src/index.ts';
import { GENERIC_ICON_BODIES } from '../src/generic-icons.ts';
import { appInfo, iconSvg } from '../src/icons.ts';
import { measureIconCoverage } from '../src/coverage.ts';
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
  it('uses brand icons where simple-icons has them', () => {
    expect(appInfo('gmail')).toEqual({
      key: 'gmail',
      name: 'Gmail',
      icon: { type: 'brand', slug: 'gmail', hex: expect.stringMatching(/^#[0-9A-F]{6}$/i) },
    });
    expect(appInfo('twitter').icon).toMatchObject({ type: 'brand', slug: 'x' });
    expect(appInfo('pipedrive').icon.type).toBe('generic');
  });

  it('uses generic icons for core nodes and brands simple-icons lacks', () => {
    expect(appInfo('webhook').icon).toEqual({ type: 'generic', name: 'webhook' });
    expect(appInfo('if').icon).toEqual({ type: 'generic', name: 'branch' });
    expect(appInfo('slack').icon).toEqual({ type: 'generic', name: 'chat' });
    expect(appInfo('zzz-unheard-of').icon).toEqual({ type: 'fallback' });
  });

  it('returns standalone SVG documents', () => {
    for (const key of ['gmail', 'webhook', 'zzz-unheard-of', '<script>']) {
      const svg = iconSvg(key);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
      expect(svg).not.toContain('<script>');
    }
    expect(Object.keys(GENERIC_ICON_BODIES).length).toBeGreaterThan(40);
  });

  it('gives at least 90 % of corpus node occurrences a specific icon', () => {
    expect(measureIconCoverage(FIXTURES).share).toBeGreaterThanOrEqual(0.9);
  });
});

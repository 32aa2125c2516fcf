import { describe, expect, it } from 'vitest';
import {
  PLATFORMS,
  PLATFORM_IDS,
  detectPlatform,
  parseWorkflowExport,
  platformName,
  scanSecrets,
} from '../src/index.ts';
import { fixture, fixtureFiles, n8nNode } from './helpers.ts';

describe('the platform registry', () => {
  it('lists the platforms in their listing order', () => {
    expect(PLATFORM_IDS).toEqual(['n8n', 'make', 'zapier']);
  });

  it.each(PLATFORM_IDS)('reads every corpus file of %s as that platform, secrets scanned', (id) => {
    const files = fixtureFiles(id);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const result = parseWorkflowExport(fixture(file));
      expect(result.ok && result.platform, file).toBe(id);
      expect(() => scanSecrets(result)).not.toThrow();
    }
  });

  it('names every platform in the "not a workflow" message, in listing order', () => {
    const result = parseWorkflowExport('{"hello":"world"}');
    expect(result.ok ? null : result.error.message).toBe(
      'This JSON is not an n8n workflow (nodes + connections), a Make blueprint (flow + metadata) or a Zapier export (zaps).',
    );
  });

  it('tries the most particular signature first: a document that looks like two platforms is the stricter one', () => {
    const n8n = { nodes: [n8nNode('Start', 'n8n-nodes-base.manualTrigger')], connections: {} };
    expect(detectPlatform({ ...n8n, zaps: [] })?.platform).toBe('zapier');
    expect(detectPlatform({ ...n8n, flow: [], metadata: {} })?.platform).toBe('make');
    expect(detectPlatform({ flow: [], metadata: {}, zaps: [] })?.platform).toBe('zapier');
    expect(detectPlatform({ data: n8n })?.platform).toBe('n8n');
  });

  it('names a platform in each UI language and shows an unknown id as it is', () => {
    expect(platformName('make', 'vi')).toBe(PLATFORMS.make.names.vi);
    expect(platformName('zapier', 'en')).toBe('Zapier');
    expect(platformName('no-such-platform', 'en')).toBe('no-such-platform');
  });
});

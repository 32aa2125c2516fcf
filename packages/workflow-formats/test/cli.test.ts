import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli.ts';
import { FIXTURES } from './helpers.ts';

afterEach(() => vi.restoreAllMocks());

function runJson(files: string[]): { code: number; lines: Record<string, unknown>[] } {
  const out: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const code = main([...files, '--json']);
  return { code, lines: out.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('inspect --json', () => {
  it('prints one JSON object per file in the agreed shape and exits 0', () => {
    const files = [
      'synthetic/handmade--n8n-with-leaked-secrets.json',
      'bad/manasoid--artificial-intelligence__blueprint-analyse-yourself-with-ai-dayone-1saas.json',
    ].map((f) => join(FIXTURES, f));
    const { code, lines } = runJson(files);
    expect(code).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      file: files[0],
      ok: true,
      platform: 'n8n',
      workflows: [
        {
          name: expect.any(String),
          nodes: 5,
          edges: 4,
          apps: ['webhook', 'http-request', 'aws-s3', 'slack', 'telegram'],
        },
      ],
      requirements: {
        credentials: [expect.objectContaining({ type: 'slackApi' })],
        communityPackages: [],
        nodeTypeVersions: expect.any(Array),
      },
      secrets: expect.arrayContaining([
        {
          node: 'Upload to S3',
          path: 'parameters.accessKeyId',
          kind: 'aws-access-key-id',
          workflow: expect.any(String),
        },
      ]),
      warnings: [],
    });
    expect(lines[1]).toMatchObject({
      file: files[1],
      ok: false,
      error: { code: 'INVALID_JSON', message: expect.any(String) },
    });
  });

  it('exits 2 when a file cannot be read', () => {
    expect(runJson(['/nonexistent/file.json']).code).toBe(2);
  });
});

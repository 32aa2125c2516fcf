import { describe, expect, it } from 'vitest';
import { checkWorkflowFile } from './check-workflow-file';

const json = (content: BlobPart, name = 'flow.json') =>
  new File([content], name, { type: 'application/json' });
const n8n = JSON.stringify({
  name: 'Alerts',
  nodes: [
    {
      id: 'a',
      name: 'Webhook',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 1,
      position: [0, 0],
      parameters: {},
    },
  ],
  connections: {},
});

describe('the workflow file is checked in the browser as soon as it is chosen', () => {
  it.each([
    [
      'an image renamed .json',
      json(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
      'IMAGE_NOT_WORKFLOW',
    ],
    ['a JPEG renamed .json', json(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])), 'IMAGE_NOT_WORKFLOW'],
    ['an empty file', json(''), 'EMPTY_FILE'],
    ['invalid JSON', json('{"nodes": ['), 'INVALID_JSON'],
    ['JSON that is not an export', json('{"hello": "world"}'), 'NOT_A_WORKFLOW'],
    ['a file that is not .json', new File([n8n], 'flow.txt', { type: 'text/plain' }), 'ONLY_JSON'],
  ])('names %s', async (_label, file, code) => {
    expect(await checkWorkflowFile(file)).toEqual({ ok: false, code });
  });

  it('recognises a real export and its platform', async () => {
    expect(await checkWorkflowFile(json(n8n))).toMatchObject({ ok: true, platform: 'n8n', nodeCount: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { parseWorkflowExport, type WorkflowGraph } from '../src/index.ts';
import { readableIdentifier, readableMakeModule, readableZapierAction } from '../src/step-names.ts';
import { fixture, fixtureFiles } from './helpers.ts';

function graphsOf(file: string): WorkflowGraph[] {
  const result = parseWorkflowExport(fixture(file));
  if (!result.ok) throw new Error(`${file}: ${result.error.message}`);
  return result.workflows;
}

function nodeNames(file: string): string[] {
  return graphsOf(file).flatMap((graph) => graph.nodes.map((node) => node.name));
}

describe('readable step names', () => {
  it.each([
    ['getADatabase', 'Get a database'],
    ['searchObjects1', 'Search objects'],
    ['updateADatabaseItem', 'Update a database item'],
    ['ActionSearchRecords', 'Search records'],
    ['uploadAFile', 'Upload a file'],
    ['GetVariable2', 'Get variable'],
    ['parseJSON', 'Parse JSON'],
    ['pdfEditAdd', 'PDF edit add'],
    ['CustomWebHook', 'Custom webhook'],
    ['new_order_hook_v2', 'New order'],
    ['channel_message', 'Channel message'],
  ])('%s → %s', (identifier, readable) => expect(readableIdentifier(identifier)).toBe(readable));

  it('gives no name for identifiers that name nothing', () => {
    for (const opaque of ['01929fad-d3dd-62c2-52ed-7868d5fcc691', '8f3a9c0e5b7d4a1f9c2e', '12345', '__', ''])
      expect(readableIdentifier(opaque), opaque).toBeUndefined();
    expect(readableZapierAction('01929fad-d3dd-62c2-52ed-7868d5fcc691')).toBeUndefined();
  });

  it("uses Make's and Zapier's own names for their built-in steps", () => {
    expect(readableMakeModule('builtin:BasicFeeder')).toBe('Iterator');
    expect(readableMakeModule('regexp:Parser')).toBe('Match pattern');
    expect(readableMakeModule('email:ActionSendEmail')).toBe('Send an email');
    expect(readableZapierAction('_zap_raw_request')).toBe('API request');
  });
});

describe('step names in the corpus', () => {
  const makeFiles = fixtureFiles('make');
  const zapierFiles = fixtureFiles('zapier');

  it('names Make modules as a person would', () => {
    const names = makeFiles.flatMap(nodeNames);
    expect(names).toEqual(
      expect.arrayContaining([
        'Notion: Get a database',
        'Notion: Search objects',
        'Notion: Update a database item',
        'Lokalise: Get a task',
        'Airtable: Search records',
        'Google Drive: Get a file',
        'Webhook: Custom webhook',
        'Text Parser: Match pattern',
        'Iterator',
      ]),
    );
    for (const name of names) {
      expect(name, 'no glued article').not.toMatch(/\ba(database|file|task|page|n?event)\b/);
      expect(name, 'no revision number').not.toMatch(/[a-z]\d+$/);
      expect(name, 'no legacy role prefix').not.toMatch(/: Action /);
    }
  });

  it('names Zapier steps without machine ids and draws paused steps as running ones', () => {
    const graphs = zapierFiles.flatMap(graphsOf);
    const names = graphs.flatMap((graph) => graph.nodes.map((node) => node.name));
    expect(names).toEqual(expect.arrayContaining(['Gmail: New attachment', 'Google Sheets: Add row']));
    for (const node of graphs.flatMap((graph) => graph.nodes)) expect(node.disabled).toBe(false);
  });

  it('names a code step with a UUID action by its app and keeps the paused mark', () => {
    const zap = {
      metadata: { version: 2 },
      zaps: [
        {
          id: 1,
          title: 'Orders',
          nodes: {
            '1': {
              id: 1,
              paused: true,
              type_of: 'read',
              parent_id: null,
              action: 'new_order_hook_v2',
              selected_api: 'ShopifyCLIAPI@6.1.1',
              title: 'Orders',
            },
            '2': {
              id: 2,
              paused: true,
              type_of: 'write',
              parent_id: 1,
              action: '01929fad-d3dd-62c2-52ed-7868d5fcc691',
              selected_api: 'CodeCLIAPI@1.0.1',
              title: null,
            },
            '3': {
              id: 3,
              paused: true,
              type_of: 'write',
              parent_id: 2,
              action: '_zap_raw_request',
              selected_api: 'ShopifyCLIAPI@6.1.1',
              title: null,
            },
          },
        },
      ],
    };
    const result = parseWorkflowExport(JSON.stringify(zap));
    if (!result.ok) throw new Error(result.error.message);
    const nodes = result.workflows[0]!.nodes;
    expect(nodes.map((node) => node.name)).toEqual(['Shopify: New order', 'Code', 'Shopify: API request']);
    expect(nodes.every((node) => node.paused === true && !node.disabled)).toBe(true);
  });

  it('drops sticky notes with nothing to read and keeps the others', () => {
    const workflow = {
      nodes: [
        {
          id: 'a',
          name: 'Sticky Note',
          type: 'n8n-nodes-base.stickyNote',
          position: [0, 0],
          parameters: { content: '## \n\n' },
        },
        {
          id: 'b',
          name: 'Sticky Note1',
          type: 'n8n-nodes-base.stickyNote',
          position: [0, 0],
          parameters: { content: '' },
        },
        {
          id: 'c',
          name: 'Sticky Note2',
          type: 'n8n-nodes-base.stickyNote',
          position: [0, 0],
          parameters: { content: '## Setup\nAdd your key' },
        },
        { id: 'd', name: 'Start', type: 'n8n-nodes-base.manualTrigger', position: [0, 0], parameters: {} },
      ],
      connections: {},
    };
    const result = parseWorkflowExport(JSON.stringify(workflow));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.workflows[0]!.annotations.map((note) => note.text)).toEqual(['## Setup\nAdd your key']);
    for (const file of fixtureFiles('n8n'))
      for (const graph of graphsOf(file))
        for (const note of graph.annotations) expect(note.text, file).toMatch(/[\p{L}\p{N}]/u);
  });
});

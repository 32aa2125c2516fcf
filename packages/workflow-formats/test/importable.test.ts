import { describe, expect, it } from 'vitest';
import { importableN8nFile } from '../src/index.ts';
import { fixture, fixtureFiles, n8nNode } from './helpers.ts';

const node = n8nNode('Webhook', 'n8n-nodes-base.webhook');

describe('importableN8nFile', () => {
  it('names an export that has no name after the workflow and makes it inactive', () => {
    const served = importableN8nFile(
      JSON.stringify({ nodes: [node], connections: {}, pinData: { x: [] } }),
      'Lead router',
    );
    expect(JSON.parse(served!)).toEqual({
      name: 'Lead router',
      nodes: [node],
      connections: {},
      pinData: { x: [] },
      active: false,
    });
  });

  it("keeps the author's own name and turns an active export off", () => {
    const served = JSON.parse(
      importableN8nFile(
        JSON.stringify({ name: 'Mine', nodes: [node], connections: {}, active: true }),
        'Title',
      )!,
    );
    expect(served).toMatchObject({ name: 'Mine', active: false });
  });

  it('replaces a blank name', () => {
    const served = JSON.parse(
      importableN8nFile(JSON.stringify({ name: '  ', nodes: [node], connections: {} }), 'T')!,
    );
    expect(served.name).toBe('T');
  });

  it('serves a file that already imports byte for byte', () => {
    const text = `{"name":"Ok","nodes":[],"connections":{},"active":false}`;
    expect(importableN8nFile(text, 'T')).toBe(text);
  });

  it('unwraps API wrappers, JSON in a string and bare node lists into workflows n8n imports', () => {
    const wrapped = JSON.parse(
      importableN8nFile(JSON.stringify({ data: { nodes: [node], connections: {} } }), 'W')!,
    );
    expect(wrapped).toEqual({ name: 'W', nodes: [node], connections: {}, active: false });
    const inString = JSON.parse(
      importableN8nFile(JSON.stringify(JSON.stringify({ nodes: [node], connections: {} })), 'S')!,
    );
    expect(inString.name).toBe('S');
    const bare = JSON.parse(importableN8nFile(JSON.stringify([node]), 'B')!);
    expect(bare).toEqual({ name: 'B', nodes: [node], connections: {}, active: false });
  });

  it('numbers the names of several workflows in one file', () => {
    const served = JSON.parse(
      importableN8nFile(
        JSON.stringify([
          { nodes: [node], connections: {} },
          { name: 'Second', nodes: [node], connections: {} },
        ]),
        'Pack',
      )!,
    );
    expect(
      served.map((workflow: { name: string; active: boolean }) => [workflow.name, workflow.active]),
    ).toEqual([
      ['Pack (1)', false],
      ['Second', false],
    ]);
  });

  it('adds the id idFor names to each workflow without one (n8n 2.x imports none without it) and keeps an own id', () => {
    const idFor = (index: number) => `id-of-${index}`;
    const single = JSON.parse(
      importableN8nFile(JSON.stringify({ nodes: [node], connections: {} }), 'One', idFor)!,
    );
    expect(single).toEqual({ id: 'id-of-0', name: 'One', nodes: [node], connections: {}, active: false });
    expect(Object.keys(single)[0]).toBe('id');
    const text = `{"id":"Own1d","name":"Ok","nodes":[],"connections":{},"active":false}`;
    expect(importableN8nFile(text, 'T', idFor)).toBe(text);
    const idless = `{"name":"Ok","nodes":[],"connections":{},"active":false}`;
    expect(JSON.parse(importableN8nFile(idless, 'T', idFor)!).id).toBe('id-of-0');
    const pack = JSON.parse(
      importableN8nFile(
        JSON.stringify([{ nodes: [node] }, { id: 12, nodes: [node] }, { id: ' ', nodes: [node] }]),
        'Pack',
        idFor,
      )!,
    );
    expect(pack.map((workflow: { id: unknown }) => workflow.id)).toEqual(['id-of-0', 12, 'id-of-2']);
    expect(JSON.parse(importableN8nFile(JSON.stringify([node]), 'B', idFor)!).id).toBe('id-of-0');
  });

  it('leaves Make, Zapier and unreadable files alone', () => {
    expect(importableN8nFile(fixture('make/manasoid--meetings__blueprint-zoom.json'), 'M')).toBeNull();
    expect(importableN8nFile(fixture('zapier/handmade--editor-export-paths.json'), 'Z')).toBeNull();
    expect(importableN8nFile('not json', 'X')).toBeNull();
  });

  it('gives every n8n file of the corpus a name and active: false, and keeps its nodes', () => {
    const files = fixtureFiles('n8n');
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const text = fixture(file);
      const value = JSON.parse(importableN8nFile(text, 'Corpus title')!);
      expect(typeof value.name, file).toBe('string');
      expect(value.name.trim(), file).not.toBe('');
      expect(value.active, file).toBe(false);
      expect(value.nodes, file).toEqual(JSON.parse(text).nodes);
      expect(value.connections, file).toEqual(JSON.parse(text).connections);
    }
  });
});

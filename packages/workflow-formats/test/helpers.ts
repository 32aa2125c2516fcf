import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const FIXTURES = join(import.meta.dirname, 'fixtures');

export function fixture(relativePath: string): string {
  return readFileSync(join(FIXTURES, relativePath), 'utf8');
}

export function fixtureFiles(folder: string): string[] {
  return readdirSync(join(FIXTURES, folder))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => `${folder}/${name}`);
}

/** An n8n node as exports write it: id = name, at the origin, version 1 and no parameters unless `fields` say otherwise. */
export function n8nNode(name: string, type: string, fields: Record<string, unknown> = {}) {
  return { id: name, name, type, typeVersion: 1, position: [0, 0], parameters: {}, ...fields };
}

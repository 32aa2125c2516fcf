// Writes reference/n8n-nodes-base.json from an unpacked n8n-nodes-base package:
//   npm pack n8n-nodes-base --pack-destination /tmp && tar xzf /tmp/n8n-nodes-base-*.tgz -C /tmp
//   npx tsx packages/workflow-formats/scripts/n8n-node-list.ts /tmp/package
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2];
if (!root) throw new Error('usage: n8n-node-list.ts <unpacked n8n-nodes-base folder>');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const described = JSON.parse(readFileSync(join(root, 'dist/types/nodes.json'), 'utf8'));
const nodes = new Map();
for (const node of described) {
  if (nodes.has(node.name)) continue;
  nodes.set(node.name, {
    type: `n8n-nodes-base.${node.name}`,
    displayName: node.displayName,
    categories: node.codex?.categories ?? [],
  });
}
if (nodes.size !== pkg.n8n.nodes.length)
  throw new Error(`nodes.json describes ${nodes.size} types, package.json lists ${pkg.n8n.nodes.length}`);
const out = {
  package: 'n8n-nodes-base',
  version: pkg.version,
  note: "Node types listed in n8n-nodes-base's package.json n8n.nodes (names, display names and codex categories from its dist/types/nodes.json); regenerate with scripts/n8n-node-list.ts",
  nodes: [...nodes.values()],
};
writeFileSync(
  join(import.meta.dirname, '../reference/n8n-nodes-base.json'),
  `${JSON.stringify(out, null, 1)}\n`,
);
console.log(`${nodes.size} node types of n8n-nodes-base ${pkg.version}`);

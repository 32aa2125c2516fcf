/**
 * An n8n export of `nodeCount` nodes chained one after another, each with a text parameter of
 * `parameterChars` characters: the shape of a real export, only larger.
 */
export function largeN8nExport(nodeCount: number, parameterChars = 300): string {
  const filler = 'Send the daily report to the team channel. '.repeat(Math.ceil(parameterChars / 44));
  const nodes = Array.from({ length: nodeCount }, (_, index) => ({
    id: `node-${index}`,
    name: `Step ${index}`,
    type: index === 0 ? 'n8n-nodes-base.webhook' : 'n8n-nodes-base.set',
    typeVersion: 3,
    position: [(index % 50) * 220, Math.floor(index / 50) * 160],
    parameters: { text: filler.slice(0, parameterChars) },
  }));
  const connections = Object.fromEntries(
    nodes
      .slice(0, -1)
      .map((node, index) => [node.name, { main: [[{ node: `Step ${index + 1}`, type: 'main', index: 0 }]] }]),
  );
  return JSON.stringify({ name: `Generated export of ${nodeCount} nodes`, nodes, connections });
}

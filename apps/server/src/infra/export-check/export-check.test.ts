import { afterEach, describe, expect, it } from 'vitest';
import { largeN8nExport } from '../../test/large-export.ts';
import { createExportCheckPool, ExportCheckTimeout, type ExportCheckPool } from './index.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const small = encode(
  JSON.stringify({
    name: 'Small',
    nodes: [{ id: 'a', name: 'Webhook', type: 'n8n-nodes-base.webhook', position: [0, 0], parameters: {} }],
    connections: {},
  }),
);
// 4.5 MB, 9,000 nodes: over a second of parsing and scanning on one core.
const heavy = encode(largeN8nExport(9_000));

let pool: ExportCheckPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('export-check pool', () => {
  it('checks a heavy file in a worker thread while the event loop keeps ticking', async () => {
    pool = createExportCheckPool({ threads: 1 });
    await pool.warm();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const result = await pool.check(heavy, false).finally(() => clearInterval(ticker));
    expect(result).toMatchObject({ ok: true, summary: { platform: 'n8n', nodeCount: 9_000 } });
    // On the main thread not one tick could happen before the result; here the loop stayed free.
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('refuses a check over its budget, ends that worker and keeps serving', async () => {
    pool = createExportCheckPool({ threads: 1, budgetMs: 50 });
    await pool.warm();
    await expect(pool.check(heavy, false)).rejects.toBeInstanceOf(ExportCheckTimeout);
    // The replacement worker (loaded outside the budget) answers the next file.
    expect(await pool.check(small, false)).toMatchObject({ ok: true, summary: { nodeCount: 1 } });
  });

  it('answers the parser refusals as data, with the node limit', async () => {
    pool = createExportCheckPool({ threads: 1 });
    const tooMany = JSON.stringify({
      nodes: Array.from({ length: 10_001 }, (_, i) => ({ name: `n${i}`, type: 'n8n-nodes-base.noOp' })),
      connections: {},
    });
    expect(await pool.check(encode(tooMany), false)).toMatchObject({
      ok: false,
      error: { code: 'TOO_MANY_NODES' },
    });
    expect(await pool.check(encode('{"nodes": ['), false)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_JSON' },
    });
  });
});

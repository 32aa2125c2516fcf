/**
 * Moderation queue with many listed workflows: N listed (default 20,000) and 50 waiting, with pseudo-random
 * n8n exports of 5-20 nodes; times 50 duplicate-candidate lookups, the queue's queries and the endpoint.
 * Run: see bench/moderation/vitest.config.ts. Prints figures; asserts nothing about time.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { similarityKeys } from '@flowbay/workflow-formats';
import { workflowVersions, workflows } from '../../apps/server/src/db/schema.ts';
import { createTestApp } from '../../apps/server/src/test/app.ts';
import { signInAs } from '../../apps/server/src/test/auth.ts';
import { createUser } from '../../apps/server/src/test/factories.ts';
import { createModerationRepository } from '../../apps/server/src/modules/moderation/moderation.repository.ts';

const TYPES = [
  'webhook',
  'slack',
  'httpRequest',
  'googleSheets',
  'if',
  'set',
  'code',
  'gmail',
  'notion',
  'openAi',
  'telegram',
  'airtable',
  'merge',
  'wait',
  'hubspot',
  'discord',
];
function summaryFor(seed: number) {
  // Pseudo-random but reproducible exports of 5-20 nodes over 16 types.
  let x = (seed * 2654435761) >>> 0;
  const next = () => (x = (Math.imul(x ^ (x >>> 15), 2246822519) + 1) >>> 0);
  const count = 5 + (next() % 16);
  const nodes = Array.from({ length: count }, (_, k) => {
    const type = TYPES[next() % TYPES.length]!;
    return `n8n-nodes-base.${type}|${type} ${k}`;
  });
  return {
    platform: 'n8n' as const,
    workflowCount: 1,
    nodeCount: count,
    edgeCount: count - 1,
    apps: [],
    requirements: { credentials: [], communityPackages: [], nodeTypeVersions: [] },
    nodes,
    similarityKeys: similarityKeys(nodes),
  };
}

it('measures the review queue with many listed workflows', async () => {
  const ctx = await createTestApp();
  const author = await createUser(ctx.db);
  const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'admin' }));
  const N = Number(process.env.MEASURE_N ?? 20000);
  for (let start = 0; start < N + 50; start += 500) {
    const rows = Array.from({ length: Math.min(500, N + 50 - start) }, (_, i) => start + i);
    const ids = rows.map(() => randomUUID());
    await ctx.db.insert(workflows).values(
      rows.map((g, i) => ({
        id: ids[i]!,
        userId: author.id,
        slug: `w-${g}`,
        title: `W ${g}`,
        description: '',
        price: 0,
        status: g < N ? ('listed' as const) : ('pending' as const),
      })),
    );
    await ctx.db.insert(workflowVersions).values(
      rows.map((g, i) => ({
        workflowId: ids[i]!,
        version: '1.0',
        fileKey: `k/${g}`,
        size: 1,
        sha256: String(g),
        summary: summaryFor(g),
        moderationStatus: g < N ? ('approved' as const) : ('pending' as const),
        isCurrent: g < N,
      })),
    );
  }
  await ctx.db.execute(sql`analyze`);
  const repo = createModerationRepository(ctx.db);
  const t0 = performance.now();
  let found = 0;
  for (let i = 0; i < 50; i++)
    found += (
      await repo.duplicateCandidates({
        workflowId: randomUUID(),
        sha256: 'x',
        keys: summaryFor(N + i).similarityKeys,
      })
    ).length;
  console.log('CANDIDATES_50_MS', (performance.now() - t0).toFixed(0), 'candidates', found);
  for (let i = 0; i < 3; i++) {
    const q0 = performance.now();
    const { rows } = await repo.queue(0, 50);
    const q1 = performance.now();
    await repo.queueDetails(rows.map((row) => row.id));
    const q2 = performance.now();
    await repo.currentVersions(rows.map((row) => row.id));
    const q3 = performance.now();
    console.log(
      'PARTS_MS queue',
      (q1 - q0).toFixed(0),
      'details',
      (q2 - q1).toFixed(0),
      'current',
      (q3 - q2).toFixed(0),
    );
  }
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const r = await ctx.app.inject({ method: 'GET', url: '/api/admin/reviews', headers: admin.headers });
    times.push(performance.now() - start);
    expect(r.statusCode).toBe(200);
    if (i === 0)
      console.log(
        'ITEMS',
        r.json().items.length,
        'flagged',
        r
          .json()
          .items.filter(
            (item: { versions: { duplicates: unknown[] }[] }) => item.versions[0]!.duplicates.length > 0,
          ).length,
      );
  }
  console.log('QUEUE_MS', N, times.map((t) => t.toFixed(0)).join(' '));
  await ctx.close();
}, 900_000);

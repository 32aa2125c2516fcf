import { afterAll, describe, expect, it } from 'vitest';
import { N8N_CATALOGUE_VERSION } from '@flowbay/workflow-formats';
import { workflowVersions } from '../../db/schema.ts';
import { seedDemo } from '../../db/seed/seed.ts';
import { useTestApp } from '../../test/app.ts';
import { RECOMPUTE_CHECKS_JOB, createChecksRecompute } from './checks-recompute.ts';
import { createWorkflowsRepository } from '../workflows/index.ts';
import { createExportCheckPool } from '../../infra/export-check/index.ts';

const ctx = useTestApp();
const pool = createExportCheckPool();
afterAll(() => pool.close());

interface Checks {
  safety?: unknown[];
  setup?: { setup_minutes: number } | null;
  compatibility?: { min: string | null } | null;
  catalogue?: string | null;
}

async function storedChecks() {
  const rows = await ctx.db
    .select({ summary: workflowVersions.summary, checks: workflowVersions.checks })
    .from(workflowVersions);
  return rows.map((row) => ({ platform: row.summary?.platform, checks: (row.checks ?? {}) as Checks }));
}

describe('the checks recompute job', () => {
  it("gives the demo catalogue's versions their findings, setup and n8n compatibility, once", async () => {
    await seedDemo(ctx.db, ctx.storage);
    const before = await storedChecks();
    expect(before.length).toBeGreaterThan(30);
    expect(before.every(({ checks }) => checks.safety === undefined)).toBe(true);

    await ctx.app.jobs.enqueue(RECOMPUTE_CHECKS_JOB, {});
    await ctx.app.jobs.runDue();
    const after = await storedChecks();
    for (const { platform, checks } of after) {
      expect(Array.isArray(checks.safety)).toBe(true);
      expect(checks.setup?.setup_minutes).toBeGreaterThan(0);
      if (platform === 'n8n') {
        expect(checks.compatibility?.min).toMatch(/^\d+\.\d+/);
        expect(checks.catalogue).toBe(N8N_CATALOGUE_VERSION);
      } else expect(checks.compatibility).toBeNull();
    }
    expect(after.some(({ platform }) => platform === 'n8n')).toBe(true);
    expect(after.some(({ checks }) => (checks.safety?.length ?? 0) > 0)).toBe(true);

    // Nothing is left to do: a second run changes nothing, in small batches or not.
    const recompute = createChecksRecompute({
      workflows: createWorkflowsRepository(ctx.db),
      storage: ctx.storage,
      exportCheck: pool,
    });
    expect(await recompute.run({ batches: 1 })).toMatchObject({ changed: 0, more: false });
    expect(await storedChecks()).toEqual(after);

    const cards = (
      await ctx.app.inject({ method: 'GET', url: '/api/workflows?category=n8n&limit=48' })
    ).json();
    expect(cards.workflows.length).toBeGreaterThan(0);
    for (const card of cards.workflows) expect(card.compat?.min).toMatch(/^\d+\.\d+/);
  });

  it('walks a catalogue larger than one batch, one job after another', async () => {
    // Every version back to "stored before the checks".
    await ctx.db.update(workflowVersions).set({ checks: null });
    const recompute = createChecksRecompute({
      workflows: createWorkflowsRepository(ctx.db),
      storage: ctx.storage,
      exportCheck: pool,
    });
    let afterId: string | null = null;
    let changed = 0;
    let runs = 0;
    for (;;) {
      runs += 1;
      const result = await recompute.run({ afterId, batches: 1, batchSize: 10 });
      changed += result.changed;
      if (!result.more) break;
      afterId = result.lastId;
    }
    const total = (await storedChecks()).length;
    expect(changed).toBe(total);
    expect(runs).toBeGreaterThan(1);
    expect((await storedChecks()).every(({ checks }) => Array.isArray(checks.safety))).toBe(true);
  });
});

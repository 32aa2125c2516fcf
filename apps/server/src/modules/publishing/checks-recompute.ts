import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  checkSafety,
  summarizeExport,
  parseWorkflowExport,
  type ExportSummary,
} from '@flowbay/workflow-formats';
import type { ExportCheckPool } from '../../infra/export-check/index.ts';
import type { JobQueue } from '../../infra/jobs/queue.ts';
import type { Storage } from '../../infra/storage/index.ts';
import {
  N8N_CATALOGUE_VERSION,
  computeChecks,
  storedChecks,
  type WorkflowsRepository,
} from '../workflows/index.ts';

/** The job that brings every version's checks up to date with the node catalogue (and the safety check). */
export const RECOMPUTE_CHECKS_JOB = 'checks.recompute';

const BATCH = 50;
/** Batches one job runs before it queues the next one (a job stays well under the queue's 10 minutes). */
const BATCHES_PER_JOB = 20;

export interface RecomputeDeps {
  workflows: Pick<WorkflowsRepository, 'versionsWithStaleChecks' | 'mergeVersionChecks'>;
  storage: Pick<Storage, 'get'>;
  exportCheck: Pick<ExportCheckPool, 'check'>;
  /** The node catalogue's stamp; stored compatibilities with another stamp are recomputed. */
  catalogue?: string;
}

/**
 * Recomputes stale checks, batch by batch: an n8n version's compatibility from its stored summary
 * (no file read) when the catalogue changed; a version stored before the safety check gets its
 * safety findings and setup estimate from its stored file, once. Idempotent: a version done carries
 * the current stamp and is not selected again.
 */
export function createChecksRecompute(deps: RecomputeDeps) {
  const catalogue = deps.catalogue ?? N8N_CATALOGUE_VERSION;

  /** The safety findings (and a summary when none was stored) from the stored file; none when it is gone. */
  async function fromFile(fileKey: string) {
    const stored = await deps.storage.get(fileKey);
    if (!stored) return null;
    const bytes = new Uint8Array(stored);
    // In a worker thread, like an upload: a large file never holds the event loop.
    const check = await deps.exportCheck.check(bytes, false).catch(() => null);
    if (check?.ok) return { safety: check.safety, summary: check.summary };
    // A stored file the secret scan now objects to (its rules grew): checked here, nothing redacted.
    const parsed = parseWorkflowExport(new TextDecoder().decode(bytes));
    if (!parsed.ok) return null;
    return { safety: checkSafety(parsed), summary: summarizeExport(parsed) };
  }

  async function recomputeBatch(afterId: string | null, size: number) {
    const rows = await deps.workflows.versionsWithStaleChecks(catalogue, afterId, size);
    for (const row of rows) {
      const checks = storedChecks(row.checks);
      let summary = row.summary as ExportSummary | null;
      let safety = checks?.safety;
      if (!safety) {
        const found = await fromFile(row.fileKey);
        safety = found?.safety ?? [];
        summary ??= found?.summary ?? null;
      }
      const computed = summary
        ? computeChecks(summary, safety)
        : { safety, setup: null, compatibility: null, catalogue: null, checked_at: new Date().toISOString() };
      if (computed.compatibility) computed.catalogue = catalogue;
      await deps.workflows.mergeVersionChecks(row, {
        ...computed,
        ...(checks?.format ? {} : summary ? { format: summary.platform } : {}),
      });
    }
    return { count: rows.length, lastId: rows.at(-1)?.id ?? null };
  }

  return {
    /**
     * Runs up to `batches` batches; `more` says whether stale versions may remain (then the caller
     * runs again, after `lastId`).
     */
    async run(options: { afterId?: string | null; batches?: number; batchSize?: number } = {}) {
      const size = options.batchSize ?? BATCH;
      let afterId = options.afterId ?? null;
      let changed = 0;
      for (let i = 0; i < (options.batches ?? BATCHES_PER_JOB); i++) {
        const batch = await recomputeBatch(afterId, size);
        changed += batch.count;
        if (batch.count < size) return { changed, more: false, lastId: afterId };
        afterId = batch.lastId;
      }
      return { changed, more: true, lastId: afterId };
    },
  };
}

export type ChecksRecompute = ReturnType<typeof createChecksRecompute>;

/** The job handler: one run, then the next job queued after the last version done while more remain. */
export function recomputeJob(recompute: ChecksRecompute, jobs: Pick<JobQueue, 'enqueue'>) {
  return async (payload: Record<string, unknown>) => {
    const afterId = typeof payload.afterId === 'string' ? payload.afterId : null;
    const result = await recompute.run({ afterId });
    if (result.more) {
      await jobs.enqueue(
        RECOMPUTE_CHECKS_JOB,
        { afterId: result.lastId },
        { dedupeKey: `${RECOMPUTE_CHECKS_JOB}:${N8N_CATALOGUE_VERSION}:${result.lastId}` },
      );
    }
  };
}

/** Queues the recompute once the server is ready (one job per catalogue stamp while it waits or runs). */
async function queueRecomputeAtStart(app: FastifyInstance, options: { jobs: Pick<JobQueue, 'enqueue'> }) {
  app.addHook('onReady', async () => {
    await options.jobs
      .enqueue(RECOMPUTE_CHECKS_JOB, {}, { dedupeKey: `${RECOMPUTE_CHECKS_JOB}:${N8N_CATALOGUE_VERSION}` })
      .catch((error: unknown) => app.log.error({ err: error }, 'queueing the checks recompute failed'));
  });
}

export const recomputeAtStart = fp(queueRecomputeAtStart, { name: 'checks-recompute', fastify: '5.x' });

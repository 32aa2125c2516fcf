import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, PoolStats } from '../../db/client.ts';

/** What the metrics read at scrape time, from the app's parts. */
export interface MetricSources {
  db: Database;
  /** The connections of the database client (db/client.ts, `poolStats`). */
  pool(): PoolStats;
  /** The search index of this process (modules/catalog/search/search-sync.ts, `status`). */
  search(): { documents: number; refreshedAt: number | null };
  /** Now, in ms since the epoch, on the search index's clock. */
  now(): number;
  log: { warn(details: Record<string, unknown>, message: string): void };
}

/** What a payment callback came to (its `result` label). */
export type CallbackResult =
  | 'unavailable'
  | 'rejected_signature'
  | 'failed'
  | 'error'
  | 'returned'
  | 'not_found'
  | 'amount_mismatch'
  | 'duplicate'
  | 'paid'
  | 'paid_late'
  | 'refund_queued'
  | 'payment_failed'
  | 'ignored';

/** Seconds: from a cached page (a few ms) to a slow upload or report (10 s and more). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Node's own series (CPU, memory, event loop, GC): one set per process, made on first use. Their
 * collectors (a GC observer, an event-loop monitor) are never stopped, so they are not made per app.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'flowbay_' });
  }
  return processRegistry;
}

/**
 * The Prometheus series of one app (docs/decisions/0177-metrics-tracing-and-readiness.md). Each app has its
 * own registry: tests build many apps in one process, and prom-client's global one would refuse the
 * second registration of a name.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'flowbay_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (never the raw address) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });

  const jobFailures = new Counter({
    name: 'flowbay_job_failures_total',
    help: 'Failed job attempts by kind; final="true" when the job failed for the last time (dead)',
    labelNames: ['kind', 'final'] as const,
    registers,
  });

  new Gauge({
    name: 'flowbay_jobs_pending',
    help: 'Jobs waiting to run (queued, due or not) or running, by kind and state, read at scrape time',
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        const result = await sources.db.execute(
          sql`select kind, state, count(*) as count from jobs
              where state in ('queued', 'running') group by kind, state`,
        );
        const { rows } = result as unknown as { rows: { kind: string; state: string; count: string }[] };
        for (const row of rows) this.set({ kind: row.kind, state: row.state }, Number(row.count));
      } catch (error) {
        // A scrape while the database is away still answers, without this series.
        sources.log.warn({ err: error }, 'metrics: the job queue depth could not be read');
      }
    },
  });

  const callbacks = new Counter({
    name: 'flowbay_payment_callbacks_total',
    help: 'Payment provider callbacks by provider, kind (ipn, webhook, return) and result',
    labelNames: ['provider', 'kind', 'result'] as const,
    registers,
  });

  new Gauge({
    name: 'flowbay_search_index_documents',
    help: "Workflows in this process's search index (0 before its first load)",
    registers,
    collect() {
      this.set(sources.search().documents);
    },
  });

  new Gauge({
    name: 'flowbay_search_index_refresh_age_seconds',
    help: "Seconds since this process's search index last caught up with the database (absent before its first load)",
    registers,
    collect() {
      this.reset();
      const { refreshedAt } = sources.search();
      if (refreshedAt !== null) this.set(Math.max(0, (sources.now() - refreshedAt) / 1000));
    },
  });

  const mails = new Counter({
    name: 'flowbay_emails_total',
    help: 'E-mails handed to the mail driver (smtp or outbox), by result (sent or failed)',
    labelNames: ['driver', 'result'] as const,
    registers,
  });

  new Gauge({
    name: 'flowbay_db_pool_connections',
    help: 'Database connections by state: total open, idle, waiting (requests queued for one), max (the cap). PGlite: one connection, total and max only',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.reset();
      const stats = sources.pool();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'max' }, stats.max);
      if (stats.idle !== undefined) this.set({ state: 'idle' }, stats.idle);
      if (stats.waiting !== undefined) this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    /** The text Prometheus scrapes. */
    render: () => Registry.merge([processMetrics(), registry]).metrics(),
    request(method: string, route: string, statusCode: number, seconds: number) {
      httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    jobFailed(kind: string, final: boolean) {
      jobFailures.inc({ kind, final: String(final) });
    },
    paymentCallback(provider: string, kind: string, result: CallbackResult) {
      callbacks.inc({ provider, kind, result });
    },
    mail(driver: string, result: 'sent' | 'failed') {
      mails.inc({ driver, result });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

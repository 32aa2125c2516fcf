import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Context, Span } from '@opentelemetry/api';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { unauthenticated } from '../../lib/errors.ts';
import type { JobObserver } from '../jobs/queue.ts';
import type { Mailer } from '../mailer/index.ts';
import { createMetrics, type CallbackResult, type Metrics } from './metrics.ts';
import { createTracing, type Tracing } from './tracing.ts';

export type { CallbackResult, Metrics } from './metrics.ts';

interface SearchStatus {
  status(): { documents: number; refreshedAt: number | null };
}

/**
 * Metrics (always collected, served at `/metrics` when METRICS_TOKEN is set) and tracing (only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set) of one app (docs/decisions/0177-metrics-tracing-and-readiness.md).
 */
export interface Observability {
  metrics: Metrics;
  tracing: Tracing | null;
  /** Counts failed jobs and traces each attempt (the job queue's observer). */
  jobs: JobObserver;
  /** The mailer, counting what it sends and fails to send. */
  observeMailer(mailer: Mailer): Mailer;
  /** The search index whose size and age the metrics report (made after the queue). */
  watchSearch(search: SearchStatus): void;
}

export async function createObservability(options: {
  env: Pick<Env, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_SERVICE_NAME'>;
  database: DatabaseHandle;
  log: { warn(details: Record<string, unknown>, message: string): void };
}): Promise<Observability> {
  const { env, database } = options;
  let search: SearchStatus | null = null;
  const metrics = createMetrics({
    db: database.db,
    pool: () => database.poolStats(),
    search: () => search?.status() ?? { documents: 0, refreshedAt: null },
    now: () => Date.now(),
    log: options.log,
  });
  const tracing = env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await createTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME })
    : null;
  if (tracing) {
    // Queries of a request or a job; the queue's own polling between them is not traced.
    database.observeQueries((text, run) =>
      tracing.childSpan('db.query', { 'db.system.name': database.kind, 'db.query.text': text }, run),
    );
  }
  return {
    metrics,
    tracing,
    jobs: {
      run: (job, attempt) =>
        tracing
          ? tracing.span(`job ${job.kind}`, { 'job.kind': job.kind, 'job.attempt': job.attempts }, attempt)
          : attempt(),
      failed(job, dead) {
        metrics.jobFailed(job.kind, dead);
        tracing?.failCurrent(dead ? 'failed for the last time' : 'failed; it will be retried');
      },
    },
    observeMailer: (mailer) => ({
      driver: mailer.driver,
      async send(message) {
        try {
          await mailer.send(message);
        } catch (error) {
          metrics.mail(mailer.driver, 'failed');
          throw error;
        }
        metrics.mail(mailer.driver, 'sent');
      },
      close: () => mailer.close(),
    }),
    watchSearch(next) {
      search = next;
    },
  };
}

/** The route pattern of a request (`/api/workflows/:id`), never its address; `unmatched` for a 404. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** Same length digests, compared in constant time: the token's length does not leak either. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The request hooks (duration histogram; a span per request when tracing) and `GET /metrics`, which
 * exists only when METRICS_TOKEN is set and answers only `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function registerObservability(
  app: FastifyInstance,
  observability: Observability,
  env: Pick<Env, 'METRICS_TOKEN'>,
  database: DatabaseHandle,
) {
  const { metrics, tracing } = observability;
  if (tracing) {
    const spans = new WeakMap<FastifyRequest, { span: Span; context: Context }>();
    app.addHook('onRequest', (request, _reply, done) => {
      const started = tracing.startRequest(request.method);
      spans.set(request, started);
      tracing.within(started.context, done);
    });
    // Reading a body leaves the request's async context: enter it again before the handler.
    app.addHook('preHandler', (request, _reply, done) => {
      const started = spans.get(request);
      if (started) tracing.within(started.context, done);
      else done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const started = spans.get(request);
      if (started) tracing.endRequest(started.span, request.method, routeOf(request), reply.statusCode);
      done();
    });
    app.addHook('onClose', async () => {
      database.observeQueries(null);
      await tracing.shutdown();
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const token = env.METRICS_TOKEN;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!given || !sameToken(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthenticated('A valid metrics token is needed');
    }
    reply.header('content-type', metrics.contentType).header('cache-control', 'no-store');
    return metrics.render();
  });
}

export type { Tracing } from './tracing.ts';
export type PaymentCallbackCounter = (provider: string, kind: string, result: CallbackResult) => void;

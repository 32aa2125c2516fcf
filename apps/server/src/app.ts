import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import { createRateConsumer, type RateConsumer } from './infra/auth/rate-limit.ts';
import { resolveAuthSecret } from './infra/auth/secret.ts';
import { createViewerResolver } from './infra/auth/session-viewer-resolver.ts';
import { createEvents, type Events } from './infra/events/events.ts';
import {
  createExportCheckPool,
  type ExportCheckPool,
  type ExportCheckPoolOptions,
} from './infra/export-check/index.ts';
import { capConnections, defaultConnectionLimits, type ConnectionLimits } from './infra/http/connections.ts';
import { logRedaction, serializeRequest } from './infra/http/log-redaction.ts';
import { registerMailJob } from './infra/jobs/mail.ts';
import { createJobQueue, type Clock, type JobQueue } from './infra/jobs/queue.ts';
import { createMailer, type Mailer } from './infra/mailer/index.ts';
import { createObservability, registerObservability, type Metrics } from './infra/observability/index.ts';
import {
  createPayosTestTransfer,
  deliverPayosWebhookOverHttp,
  type PayosTestTransfer,
  type PayosWebhookDelivery,
} from './infra/payments/payos.ts';
import { createPaymentProviders, type PaymentProviders } from './infra/payments/providers.ts';
import { createTestGatewayRepository } from './infra/payments/test-gateway.repository.ts';
import {
  createTestGateway,
  deliverIpnOverHttp,
  type IpnDelivery,
  type TestGateway,
} from './infra/payments/test-gateway.ts';
import type { ViewerResolver } from './infra/request-viewer.ts';
import { createServedFiles, type ServedFiles, type ServedFilesOptions } from './infra/served-files/index.ts';
import { createStorage, type Storage } from './infra/storage/index.ts';
import { createDownloadLimit, type DownloadLimit } from './lib/download-limit.ts';
import {
  buildModules,
  defineModule,
  registerModules,
  route,
  type AnyModule,
  type Provided,
} from './lib/modules.ts';
import { authModule } from './modules/accounts/auth.module.ts';
import { auditModule } from './modules/audit/audit.module.ts';
import { accountsModule } from './modules/accounts/accounts.module.ts';
import { catalogModule } from './modules/catalog/catalog.module.ts';
import { createSearchSource } from './modules/catalog/catalog.repository.ts';
import { createSearchSync, type SearchSync } from './modules/catalog/search/search-sync.ts';
import { connectionsModule } from './modules/connections/connections.module.ts';
import { contactModule } from './modules/contact/contact.module.ts';
import { bundlesModule } from './modules/bundles/bundles.module.ts';
import { favoritesModule } from './modules/favorites/favorites.module.ts';
import { healthModule } from './modules/health/health.module.ts';
import { iconsModule } from './modules/icons/icons.module.ts';
import { invoicesModule } from './modules/invoices/invoices.module.ts';
import { makeModule } from './modules/make/make.module.ts';
import { mcpModule } from './modules/mcp/mcp.module.ts';
import { moderationModule } from './modules/moderation/moderation.module.ts';
import { policyCheckModule } from './modules/policy-check/policy-check.module.ts';
import { n8nModule } from './modules/n8n/n8n.module.ts';
import { notificationsModule } from './modules/notifications/notifications.module.ts';
import { ordersModule } from './modules/orders/orders.module.ts';
import type { OrdersService } from './modules/orders/orders.service.ts';
import { privacyModule } from './modules/privacy/privacy.module.ts';
import { profilesModule } from './modules/profiles/profiles.module.ts';
import { publishingModule } from './modules/publishing/publishing.module.ts';
import { ratingsModule } from './modules/ratings/ratings.module.ts';
import { salesModule } from './modules/sales/sales.module.ts';
import { shareImagesModule } from './modules/share-images/share-images.module.ts';
import { taxonomyModule } from './modules/taxonomy/taxonomy.module.ts';
import type { TranslationProvider } from './modules/translate/translate.provider.ts';
import { translateModule } from './modules/translate/translate.module.ts';
import { uploadsModule } from './modules/uploads/uploads.module.ts';
import { DEFAULT_WEB_DIST } from './modules/web/web.routes.ts';
import { webModule } from './modules/web/web.module.ts';
import { workflowsModule } from './modules/workflows/workflows.module.ts';
import catalogueCache, { type CatalogueCache } from './plugins/catalogue-cache.ts';
import errorPolicy from './plugins/error-policy.ts';
import httpHardening from './plugins/http-hardening.ts';
import openapi from './plugins/openapi.ts';
import publicFiles from './plugins/public-files.ts';
import rateLimits from './plugins/rate-limits.ts';
import viewer from './plugins/viewer-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (tests drive it with `app.jobs.runDue()`). */
    jobs: JobQueue;
    /** Orders and payments (tests call `app.orders.sweepStaleOrders()`). */
    orders: OrdersService;
  }
}

declare module './lib/modules.ts' {
  /** The infrastructure `buildApp` hands the modules (each module adds what it provides). */
  interface Provided {
    env: Env;
    database: DatabaseHandle;
    db: Database;
    storage: Storage;
    mailer: Mailer;
    jobs: JobQueue;
    events: Events;
    /** The one "now" (tests move it instead of waiting). */
    clock: Clock;
    log: FastifyBaseLogger;
    /** Counts per key (the database, or Redis when REDIS_URL is set). */
    rate: RateConsumer;
    servedFiles: ServedFiles;
    exportCheck: ExportCheckPool;
    search: SearchSync;
    catalogueCache: CatalogueCache;
    limitDownloads: DownloadLimit;
    payments: PaymentProviders;
    testGateway: TestGateway | null;
    /** The test gateway's "Simulate the bank transfer" for its payOS stand-in, when it plays payOS. */
    payosTestTransfer: PayosTestTransfer | null;
    /** The app's Prometheus series (infra/observability): modules count what they alone see. */
    metrics: Metrics;
  }
}

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to the real session lookup (cookie or bearer) of Better Auth. */
  resolveViewer?: ViewerResolver;
  /** Defaults to SMTP when SMTP_URL is set, else the outbox folder in DATA_DIR. */
  mailer?: Mailer;
  /** Defaults to LibreTranslate at TRANSLATE_URL, or none; `null` turns translation off. */
  translator?: TranslationProvider | null;
  /** The built web app; defaults to apps/web/dist (absent in API tests, then only the API is served). */
  webDist?: string | null;
  /** Threads and time budget of the worker pool that parses uploads. */
  exportCheck?: ExportCheckPoolOptions;
  /** Threads and memory of the prepared workflow files that downloads serve. */
  servedFiles?: ServedFilesOptions;
  /** What "now" is for orders, sales, jobs, sweeps and the sign-in throttle; tests move it instead of waiting. */
  clock?: Clock;
  /** Caps on open connections and their idle time (defaults: defaultConnectionLimits()). */
  connections?: Partial<ConnectionLimits>;
  /** The test gateway's IPN: where it is sent and how (defaults: PUBLIC_URL's IPN address over HTTP). */
  testGatewayIpn?: { url?: () => string; deliver?: IpnDelivery };
  /** The test gateway's payOS webhook: where it is sent and how (defaults: PUBLIC_URL's webhook address over HTTP). */
  payosTestWebhook?: { url?: () => string; deliver?: PayosWebhookDelivery };
}

/** `GET /files/*`: public covers and avatars of the local storage driver. */
const publicFilesModule = defineModule({
  name: 'public-files',
  needs: ['storage'],
  provides: [],
  routes: ({ storage }) => [route(publicFiles, { storage })],
});

/**
 * The app's modules in the order their routes are registered (docs/architecture.md, "Modules"). They
 * are built in the order of their needs, whatever this order. The web app is last: its catch-all must
 * not shadow any API route (an unknown /api/* stays a JSON 404); public files come just before it.
 */
export function appModules(options: Pick<AppOptions, 'translator' | 'webDist'>): AnyModule<Provided>[] {
  return [
    healthModule,
    taxonomyModule,
    workflowsModule,
    catalogModule,
    authModule,
    profilesModule,
    uploadsModule,
    publishingModule,
    moderationModule,
    auditModule,
    policyCheckModule,
    salesModule,
    ordersModule,
    invoicesModule,
    favoritesModule,
    bundlesModule,
    notificationsModule,
    iconsModule,
    shareImagesModule,
    translateModule(options.translator),
    contactModule,
    privacyModule,
    ratingsModule,
    n8nModule,
    connectionsModule,
    makeModule,
    mcpModule,
    accountsModule,
    publicFilesModule,
    webModule(options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist),
  ];
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const storage = options.storage ?? createStorage(env);
  const logger = options.logger ?? { level: env.LOG_LEVEL };
  const app = Fastify({
    // Reset and verification tokens and n8n library keys never reach the log (see log-redaction.ts).
    logger:
      typeof logger === 'object'
        ? {
            redact: logRedaction,
            ...logger,
            serializers: { req: serializeRequest, ...logger.serializers },
          }
        : logger,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Long enough for a uuid slug address, short enough to bound work per request.
    routerOptions: { maxParamLength: 300 },
  });
  // Idle sockets by the thousand must not use up the process's file descriptors.
  capConnections(app.server, { ...defaultConnectionLimits(), ...options.connections });

  const clock = options.clock ?? (() => new Date());
  // Metrics always; tracing only when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/decisions/0177).
  const observability = await createObservability({ env, database, log: app.log });

  /* infrastructure */
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorPolicy);
  await app.register(httpHardening, { env });
  await app.register(rateLimits, { redisUrl: env.REDIS_URL });
  await app.register(openapi);
  registerObservability(app, observability, env, database);

  const mailer = observability.observeMailer(options.mailer ?? createMailer(env, app.log));
  const rate = createRateConsumer(database.db, env.REDIS_URL);
  const jobs = createJobQueue({ db: database.db, log: app.log, clock, observer: observability.jobs });
  registerMailJob(jobs, mailer, resolveAuthSecret(env));
  const events = createEvents({ queue: jobs, db: database.db });
  app.decorate('jobs', jobs);
  // Tests run jobs explicitly (app.jobs.runDue()); servers poll in the background.
  if (env.NODE_ENV !== 'test') app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
    await rate.close();
  });

  const search = createSearchSync({
    source: createSearchSource(database.db),
    refreshMs: env.SEARCH_INDEX_REFRESH_MS,
    log: app.log,
  });
  observability.watchSearch(search);
  await app.register(catalogueCache, { search });
  const servedFiles = createServedFiles({ storage, ...options.servedFiles });
  app.decorate('servedFiles', servedFiles);
  app.addHook('onClose', () => servedFiles.close());
  const exportCheck = createExportCheckPool(options.exportCheck);
  app.addHook('onClose', () => exportCheck.close());
  if (env.NODE_ENV !== 'test') {
    exportCheck
      .warm()
      .catch((error: unknown) => app.log.error({ err: error }, 'export-check pool did not start'));
  }
  const payments = createPaymentProviders(env, database.db, clock);
  const testGateway = payments.testGateway
    ? createTestGateway({
        provider: payments.testGateway.provider,
        secret: payments.testGateway.secret,
        ledger: createTestGatewayRepository(database.db),
        ipnUrl: options.testGatewayIpn?.url ?? (() => `${env.PUBLIC_URL}/api/payments/vnpay/ipn`),
        deliverIpn: options.testGatewayIpn?.deliver ?? deliverIpnOverHttp,
        clock,
        log: app.log,
      })
    : null;
  const payosTestTransfer = payments.payosStandIn
    ? createPayosTestTransfer({
        standIn: payments.payosStandIn,
        webhookUrl: options.payosTestWebhook?.url ?? (() => `${env.PUBLIC_URL}/api/payments/payos/webhook`),
        deliver: options.payosTestWebhook?.deliver ?? deliverPayosWebhookOverHttp,
        log: app.log,
      })
    : null;

  /* modules: built in the order of their needs (a missing or circular need fails here) */
  const modules = await buildModules(appModules(options), {
    env,
    database,
    db: database.db,
    storage,
    mailer,
    jobs,
    events,
    clock,
    log: app.log,
    rate: rate.consume,
    servedFiles,
    exportCheck,
    search,
    catalogueCache: app.catalogueCache,
    limitDownloads: createDownloadLimit(app),
    payments,
    testGateway,
    payosTestTransfer,
    metrics: observability.metrics,
  });
  app.decorate('orders', modules.registry.orders);
  await app.register(viewer, {
    resolveViewer: options.resolveViewer ?? createViewerResolver(modules.registry.auth),
  });
  /* their routes, jobs and listeners, in the order of the list */
  await registerModules(app, modules);

  return app;
}

import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import { createAuth } from './infra/auth/index.ts';
import { createExportCheckPool, type ExportCheckPoolOptions } from './infra/export-check/index.ts';
import { createServedFiles, type ServedFilesOptions } from './infra/served-files/index.ts';
import { createDownloadLimit } from './lib/download-limit.ts';
import { createRateConsumer } from './infra/auth/rate-limit.ts';
import { resolveAuthSecret } from './infra/auth/secret.ts';
import { createViewerResolver } from './infra/auth/session-viewer-resolver.ts';
import { capConnections, defaultConnectionLimits, type ConnectionLimits } from './infra/http/connections.ts';
import { logRedaction, serializeRequest } from './infra/http/log-redaction.ts';
import { createEvents } from './infra/events/events.ts';
import { queueMail, registerMailJob } from './infra/jobs/mail.ts';
import { createJobQueue, type Clock, type JobQueue } from './infra/jobs/queue.ts';
import { createMailer, type Mailer } from './infra/mailer/index.ts';
import { createPaymentProviders } from './infra/payments/providers.ts';
import { createTestGatewayRepository } from './infra/payments/test-gateway.repository.ts';
import { createTestGateway, deliverIpnOverHttp, type IpnDelivery } from './infra/payments/test-gateway.ts';
import { createStorage, type Storage } from './infra/storage/index.ts';
import type { ViewerResolver } from './infra/request-viewer.ts';
import catalogueCache from './plugins/catalogue-cache.ts';
import errorPolicy from './plugins/error-policy.ts';
import httpHardening from './plugins/http-hardening.ts';
import openapi from './plugins/openapi.ts';
import publicFiles from './plugins/public-files.ts';
import rateLimits from './plugins/rate-limits.ts';
import { orderSweep, orphanSweep } from './plugins/sweeps.ts';
import viewer from './plugins/viewer-plugin.ts';
import { authRoutes } from './modules/accounts/auth.routes.ts';
import { registerPasswordResetJob } from './modules/accounts/password-reset.ts';
import { accountRoutes } from './modules/accounts/account.routes.ts';
import { EXPORT_JOB, createAccountService } from './modules/accounts/account.service.ts';
import { createAccountExportRepository } from './modules/accounts/account-export.repository.ts';
import { createAccountDeletionRepository } from './modules/accounts/account-deletion.repository.ts';
import { createSignInThrottle } from './modules/accounts/sign-in-throttle.ts';
import { createSignInThrottleRepository } from './modules/accounts/sign-in-throttle.repository.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCatalogRepository, createSearchSource } from './modules/catalog/catalog.repository.ts';
import { createSearchSync } from './modules/catalog/search/search-sync.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { createOrdersRepository } from './modules/orders/orders.repository.ts';
import { createRejectedCallbacksRepository } from './modules/orders/rejected-callbacks.repository.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import {
  AUTO_REFUND_JOB,
  RECONCILE_JOB,
  createOrdersService,
  type OrdersService,
} from './modules/orders/orders.service.ts';
import { paymentsRoutes } from './modules/orders/payments.routes.ts';
import { registerOrdersListeners } from './modules/orders/orders.listeners.ts';
import { registerAccountsListeners } from './modules/accounts/accounts.listeners.ts';
import { registerCatalogListeners } from './modules/catalog/catalog.listeners.ts';
import { registerModerationListeners } from './modules/moderation/moderation.listeners.ts';
import { registerRatingsListeners } from './modules/ratings/ratings.listeners.ts';
import { registerSalesListeners } from './modules/sales/sales.listeners.ts';
import { createFavoritesService } from './modules/favorites/favorites.service.ts';
import { createFavoritesRepository } from './modules/favorites/favorites.repository.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createProfilesRepository } from './modules/profiles/index.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { publishingRoutes } from './modules/publishing/publishing.routes.ts';
import { createPublishingService } from './modules/publishing/publishing.service.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { createModerationService } from './modules/moderation/moderation.service.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createUploadsRepository } from './modules/uploads/uploads.repository.ts';
import { taxonomyRoutes } from './modules/taxonomy/taxonomy.routes.ts';
import { createTaxonomyRepository } from './modules/taxonomy/taxonomy.repository.ts';
import { createWorkflowsRepository } from './modules/workflows/index.ts';
import { createModerationRepository } from './modules/moderation/moderation.repository.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { createContactRepository } from './modules/contact/contact.repository.ts';
import { iconRoutes } from './modules/icons/icons.routes.ts';
import { shareImageRoutes } from './modules/share-images/share-image.routes.ts';
import { createShareImageService } from './modules/share-images/share-image.service.ts';
import {
  createTranslationProvider,
  type TranslationProvider,
} from './modules/translate/translate.provider.ts';
import { translateRoutes } from './modules/translate/translate.routes.ts';
import { createTranslateService } from './modules/translate/translate.service.ts';
import { createTranslateRepository } from './modules/translate/translate.repository.ts';
import { DEFAULT_WEB_DIST, webRoutes } from './modules/web/web.routes.ts';
import { createN8nRepository } from './modules/n8n/n8n.repository.ts';
import { n8nKeyRoutes, n8nTemplateRoutes } from './modules/n8n/n8n.routes.ts';
import { createN8nService } from './modules/n8n/n8n.service.ts';
import { createSalesRepository } from './modules/sales/sales.repository.ts';
import { salesRoutes } from './modules/sales/sales.routes.ts';
import { createSalesService } from './modules/sales/sales.service.ts';
import { REVIEW_REMINDER_JOB } from './infra/jobs/review-reminder.ts';
import { createRatingsRepository } from './modules/ratings/ratings.repository.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { createRatingsService } from './modules/ratings/ratings.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (tests drive it with `app.jobs.runDue()`). */
    jobs: JobQueue;
    /** Orders and payments (tests call `app.orders.sweepStaleOrders()`). */
    orders: OrdersService;
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

  /* infrastructure */
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorPolicy);
  await app.register(httpHardening, { env });
  await app.register(rateLimits, { redisUrl: env.REDIS_URL });
  await app.register(openapi);

  const mailer = options.mailer ?? createMailer(env, app.log);
  const rate = createRateConsumer(database.db, env.REDIS_URL);
  const n8nRepository = createN8nRepository(database.db);
  const auth = createAuth({
    env,
    db: database.db,
    mailer,
    log: app.log,
    rate: rate.consume,
    onPasswordChanged: (userId) => n8nRepository.revokeAllKeys(userId, clock()),
    onUserChanged: (userId) => events.emit(null, 'profile.changed', { userId }),
    sendLater: (message) => queueMail(jobs, message),
  });
  const resolveViewer = options.resolveViewer ?? createViewerResolver(auth);
  const jobs = createJobQueue({ db: database.db, log: app.log, clock });
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
  await app.register(viewer, { resolveViewer });

  /* modules */
  const search = createSearchSync({
    source: createSearchSource(database.db),
    refreshMs: env.SEARCH_INDEX_REFRESH_MS,
    log: app.log,
  });
  await app.register(catalogueCache, { search });
  const { pages: listCache, counts: countCache } = app.catalogueCache;
  const workflows = createWorkflowsRepository(database.db);
  registerCatalogListeners(events, { workflows, catalogueCache: app.catalogueCache });
  const servedFiles = createServedFiles({ storage, ...options.servedFiles });
  app.decorate('servedFiles', servedFiles);
  app.addHook('onClose', () => servedFiles.close());
  const catalog = createCatalogService({
    repository: createCatalogRepository(database.db),
    workflows,
    storage,
    servedFiles,
    countCache,
    search,
  });
  await app.register(healthRoutes, { database });
  await app.register(taxonomyRoutes, { repository: createTaxonomyRepository(database.db) });
  const limitDownloads = createDownloadLimit(app);
  await app.register(catalogRoutes, { catalog, listCache, limitDownloads });
  const signInThrottle = createSignInThrottle({
    repository: createSignInThrottleRepository(database.db),
    rate: rate.consume,
    secret: resolveAuthSecret(env),
    secureCookies: env.PUBLIC_URL.startsWith('https://'),
    now: () => clock().getTime(),
  });
  registerPasswordResetJob(jobs, auth);
  await app.register(authRoutes, { auth, env, rate: rate.consume, signInThrottle, queue: jobs });
  const profiles = createProfilesRepository(database.db);
  await app.register(profilesRoutes, { profiles, events });
  const exportCheck = createExportCheckPool(options.exportCheck);
  app.addHook('onClose', () => exportCheck.close());
  if (env.NODE_ENV !== 'test') {
    exportCheck
      .warm()
      .catch((error: unknown) => app.log.error({ err: error }, 'export-check pool did not start'));
  }
  const uploads = createUploadsService(createUploadsRepository(database.db), storage, exportCheck);
  await app.register(uploadsRoutes, { uploads });
  if (env.NODE_ENV !== 'test') await app.register(orphanSweep, { uploads, clock });
  await app.register(publishingRoutes, {
    publishing: createPublishingService({ workflows, uploads, catalog, events }),
  });
  const moderationRepository = createModerationRepository(database.db);
  registerModerationListeners(events, {
    repository: moderationRepository,
    mailer,
    publicUrl: env.PUBLIC_URL,
  });
  await app.register(moderationRoutes, {
    moderation: createModerationService({ repository: moderationRepository, workflows, storage, events }),
  });
  const payments = createPaymentProviders(env, database.db, clock);
  const sales = createSalesService({
    repository: createSalesRepository(database.db),
    queue: jobs,
    events,
    clock,
    publicUrl: env.PUBLIC_URL,
    settings: {
      feePercent: env.PLATFORM_FEE_PERCENT,
      payoutMinimum: env.PAYOUT_MINIMUM,
      saleHoldDays: env.SALE_HOLD_DAYS,
      accountHoldHours: env.PAYOUT_ACCOUNT_HOLD_HOURS,
    },
  });
  const orders = createOrdersService({
    repository: createOrdersRepository(database.db),
    rejectedCallbacks: createRejectedCallbacksRepository(database.db),
    rate: rate.consume,
    events,
    providers: payments,
    queue: jobs,
    clock,
    publicUrl: env.PUBLIC_URL,
    supportEmail: env.SUPPORT_EMAIL,
    log: app.log,
  });
  registerSalesListeners(events, { sales, queue: jobs, publicUrl: env.PUBLIC_URL });
  registerOrdersListeners(events, { queue: jobs, publicUrl: env.PUBLIC_URL });
  registerRatingsListeners(events, { queue: jobs });
  jobs.register(RECONCILE_JOB, (payload) => orders.reconcile(String(payload.orderId)));
  jobs.register(AUTO_REFUND_JOB, (payload, job) => orders.autoRefund(String(payload.orderId), job));
  app.decorate('orders', orders);
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
  await app.register(ordersRoutes, { orders });
  await app.register(paymentsRoutes, { orders, testGateway });
  await app.register(salesRoutes, { sales });
  if (env.NODE_ENV !== 'test') await app.register(orderSweep, { orders });
  await app.register(favoritesRoutes, {
    favorites: createFavoritesService(createFavoritesRepository(database.db), catalog, events),
  });
  await app.register(iconRoutes);
  await app.register(shareImageRoutes, { images: createShareImageService(catalog) });
  const translator = options.translator === undefined ? createTranslationProvider(env) : options.translator;
  const translate = createTranslateService(createTranslateRepository(database.db), translator, app.log);
  await app.register(translateRoutes, { translate });
  await app.register(contactRoutes, {
    contact: createContactService({
      repository: createContactRepository(database.db),
      queue: jobs,
      supportEmail: env.SUPPORT_EMAIL,
    }),
  });

  const ratings = createRatingsService({
    repository: createRatingsRepository(database.db),
    catalog,
    events,
    mailer,
    publicUrl: env.PUBLIC_URL,
    clock,
  });
  jobs.register(REVIEW_REMINDER_JOB, (payload) => ratings.sendReminder(String(payload.orderId)));
  await app.register(ratingsRoutes, { ratings });

  const n8n = createN8nService({ repository: n8nRepository, servedFiles, search });
  await app.register(n8nTemplateRoutes, { prefix: '/n8n', n8n, publicUrl: env.PUBLIC_URL, limitDownloads });
  await app.register(n8nKeyRoutes, { n8n, publicUrl: env.PUBLIC_URL });

  const account = createAccountService({
    repositories: {
      profiles,
      exports: createAccountExportRepository(database.db),
      deletion: createAccountDeletionRepository(database.db),
    },
    storage,
    queue: jobs,
    clock,
    publicUrl: env.PUBLIC_URL,
    events,
    verifyPassword: async (hash, password) => (await auth.$context).password.verify({ hash, password }),
    log: app.log,
  });
  jobs.register(EXPORT_JOB, (payload) => account.buildExport(String(payload.userId)));
  registerAccountsListeners(events, { queue: jobs, secret: resolveAuthSecret(env) });
  await app.register(accountRoutes, { account, env });

  await app.register(publicFiles, { storage });

  /* the web app last: its catch-all must not shadow any API route (unknown /api/* stays a JSON 404) */
  await app.register(webRoutes, {
    env,
    db: database.db,
    catalog,
    ratings,
    profiles,
    facts: { translateStatus: translate.status, paymentProviders: orders.providerList },
    distDir: options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist,
  });

  return app;
}

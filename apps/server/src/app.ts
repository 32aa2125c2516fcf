import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ErrorCode } from '@flowbay/domain';
import { isDatabaseUnavailable } from './db/availability.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import { createAuth } from './infra/auth/index.ts';
import { createExportCheckPool, type ExportCheckPoolOptions } from './infra/export-check/index.ts';
import { createRateConsumer } from './infra/auth/rate-limit.ts';
import { resolveAuthSecret } from './infra/auth/secret.ts';
import { createViewerResolver } from './infra/auth/viewer.ts';
import { refuseCrossSiteWrites } from './infra/http/cross-site.ts';
import { redactUrl, serializeRequest } from './infra/http/log-redaction.ts';
import { refuseNulBytes } from './infra/http/nul-bytes.ts';
import { asUploadedFile, registerSecurityHeaders } from './infra/http/security-headers.ts';
import { registerMailJob } from './infra/jobs/mail.ts';
import { createJobQueue, type Clock, type JobQueue } from './infra/jobs/queue.ts';
import { createMailer, type Mailer } from './infra/mailer/index.ts';
import { createPaymentProviders } from './infra/payments/providers.ts';
import { createTestGatewayRepository } from './infra/payments/test-gateway.repository.ts';
import { createTestGateway, deliverIpnOverHttp, type IpnDelivery } from './infra/payments/test-gateway.ts';
import { createStorage, isPublicKey, type Storage } from './infra/storage/index.ts';
import { ANONYMOUS, type Viewer, type ViewerResolver } from './infra/viewer.ts';
import { AppError } from './lib/errors.ts';
import { isValidationKey, messageFor, requestLanguage, validationMessage } from './lib/messages.ts';
import { TtlCache } from './lib/response-cache.ts';
import { authRoutes } from './modules/accounts/auth.routes.ts';
import { profileMeRoutes } from './modules/accounts/profile.routes.ts';
import { accountRoutes } from './modules/accounts/account.routes.ts';
import { EXPORT_JOB, createAccountService } from './modules/accounts/account.service.ts';
import { createProfileRepository } from './modules/accounts/profile.repository.ts';
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
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { RECONCILE_JOB, createOrdersService, type OrdersService } from './modules/orders/orders.service.ts';
import { paymentsRoutes } from './modules/orders/payments.routes.ts';
import { createFavoritesService } from './modules/favorites/favorites.service.ts';
import { createFavoritesRepository } from './modules/favorites/favorites.repository.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { publicProfileRoutes } from './modules/profiles/profiles.routes.ts';
import { publishingRoutes } from './modules/publishing/publishing.routes.ts';
import { createPublishingService } from './modules/publishing/publishing.service.ts';
import { reviewRoutes } from './modules/review/review.routes.ts';
import { createReviewService } from './modules/review/review.service.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { createUploadsService, type UploadsService } from './modules/uploads/uploads.service.ts';
import { createUploadsRepository } from './modules/uploads/uploads.repository.ts';
import { taxonomyRoutes } from './modules/taxonomy/taxonomy.routes.ts';
import { createTaxonomyRepository } from './modules/taxonomy/taxonomy.repository.ts';
import { createWorkflowsRepository } from './modules/workflows/index.ts';
import { createReviewRepository } from './modules/review/review.repository.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { createContactRepository } from './modules/contact/contact.repository.ts';
import { iconRoutes } from './modules/icons/icons.routes.ts';
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
  interface FastifyRequest {
    viewer: Viewer;
  }
  interface FastifyContextConfig {
    /** A write that never changes what catalogue pages show, so it keeps the page cache. */
    keepsCatalogueCache?: boolean;
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
  /** The clock of the sign-in throttle (ms since the epoch); tests move it instead of waiting. */
  now?: () => number;
  /** Threads and time budget of the worker pool that parses uploads. */
  exportCheck?: ExportCheckPoolOptions;
  /** What "now" is for orders and jobs; tests inject one instead of sleeping. */
  clock?: Clock;
  /** The test gateway's IPN: where it is sent and how (defaults: PUBLIC_URL's IPN address over HTTP). */
  testGatewayIpn?: { url?: () => string; deliver?: IpnDelivery };
}

const FASTIFY_ERRORS: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION_FAILED' },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION_FAILED' },
  // A static file path that leaves its folder (`/assets/%2e%2e/…`): it names nothing here.
  FST_STATIC_FORBIDDEN_PATH: { status: 404, code: 'NOT_FOUND' },
};

/** Any other client error a plugin raises keeps its 4xx status instead of becoming a 500. */
function clientErrorCode(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  return 'VALIDATION_FAILED';
}

function messageKeyOf(details: unknown) {
  const key = (details as { messageKey?: unknown } | undefined)?.messageKey;
  return isValidationKey(key) ? key : undefined;
}

/** One error shape for the whole API: `{ error: { code, message, field? } }`, never internals on a 5xx. */
function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request.headers);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const field =
        path ||
        (issue?.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ||
        error.validationContext ||
        'request';
      // Schemas that carry an i18n key as their message (spec section 5) answer it as details.messageKey.
      const messageKey = isValidationKey(issue?.message) ? issue.message : undefined;
      return reply.status(400).send({
        error: {
          code: 'VALIDATION_FAILED',
          message: messageKey
            ? validationMessage(messageKey, language)
            : `${messageFor('VALIDATION_FAILED', language)} (${field}: ${issue?.message ?? 'invalid'})`,
          field,
          ...(messageKey ? { details: { messageKey } } : {}),
        },
      });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: messageKeyOf(error.details)
            ? validationMessage(messageKeyOf(error.details)!, language)
            : error.code === 'VALIDATION_FAILED'
              ? error.message
              : messageFor(error.code, language),
          ...(error.field ? { field: error.field } : {}),
          ...(error.details !== undefined ? { details: error.details } : {}),
        },
      });
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ error: { code: 'RATE_LIMITED', message: messageFor('RATE_LIMITED', language) } });
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or outage of the database: expected now and then, and answered until it is back.
      request.log.warn({ url: request.url, reason: error.message }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          error: { code: 'DATABASE_UNAVAILABLE', message: messageFor('DATABASE_UNAVAILABLE', language) },
        });
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    const clientStatus =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : null;
    if (known || clientStatus) {
      const status = known?.status ?? clientStatus!;
      const code = known?.code ?? clientErrorCode(status);
      request.log.debug({ code: error.code, url: redactUrl(request.url) }, 'client error');
      return reply.status(status).send({ error: { code, message: messageFor(code, language) } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: redactUrl(request.url) }, 'response did not match its schema');
    } else {
      request.log.error(
        { err: error, url: redactUrl(request.url), method: request.method },
        'unhandled error',
      );
    }
    return reply
      .status(500)
      .send({ error: { code: 'INTERNAL_ERROR', message: messageFor('INTERNAL_ERROR', language) } });
  });

  app.setNotFoundHandler((request, reply) => {
    const language = requestLanguage(request.headers);
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: messageFor('NOT_FOUND', language) } });
  });
}

const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Uploads nobody used within a day (abandoned forms) are removed hourly; safe on every instance at once. */
function scheduleOrphanSweep(app: FastifyInstance, uploads: UploadsService) {
  const sweep = () =>
    uploads
      .sweepOrphans(new Date(Date.now() - ORPHAN_GRACE_MS))
      .then((removed) => removed > 0 && app.log.info({ removed }, 'removed unused uploads'))
      .catch((error: unknown) => app.log.error({ err: error }, 'sweeping unused uploads failed'));
  const timer = setInterval(sweep, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Stale pending orders are reconciled every minute; the dedupe key keeps instances from doubling work. */
function scheduleOrderSweep(app: FastifyInstance, orders: OrdersService) {
  const sweep = () =>
    orders
      .sweepStaleOrders()
      .catch((error: unknown) => app.log.error({ err: error }, 'sweeping orders failed'));
  const timer = setInterval(sweep, 60 * 1000);
  timer.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(timer));
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const storage = options.storage ?? createStorage(env);
  const logger = options.logger ?? { level: env.LOG_LEVEL };
  const app = Fastify({
    // Reset and verification tokens never reach the log (see log-redaction.ts).
    logger:
      typeof logger === 'object'
        ? { ...logger, serializers: { req: serializeRequest, ...logger.serializers } }
        : logger,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Long enough for a uuid slug address, short enough to bound work per request.
    routerOptions: { maxParamLength: 300 },
  });

  /* infrastructure */
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await registerSecurityHeaders(app, env);
  refuseCrossSiteWrites(app, env.PUBLIC_URL);
  refuseNulBytes(app);
  await app.register(compress, { global: true, threshold: 1024 });
  // Per-route limits (contact, translate, uploads, reports) are shared across instances through Redis when set.
  const rateLimitRedis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (rateLimitRedis) app.addHook('onClose', async () => void rateLimitRedis.disconnect());
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: 'flowbay-rl:' } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Flowbay API',
        version: '1.0.0',
        description: 'Marketplace for automation workflow templates',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const mailer = options.mailer ?? createMailer(env, app.log);
  const rate = createRateConsumer(database.db, env.REDIS_URL);
  const auth = createAuth({ env, db: database.db, mailer, log: app.log, rate: rate.consume });
  const resolveViewer = options.resolveViewer ?? createViewerResolver(auth);
  const jobs = createJobQueue({ db: database.db, log: app.log, clock: options.clock });
  registerMailJob(jobs, mailer);
  app.decorate('jobs', jobs);
  // Tests run jobs explicitly (app.jobs.runDue()); servers poll in the background.
  if (env.NODE_ENV !== 'test') app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
    await rate.close();
  });
  app.decorateRequest('viewer', null as never);
  app.addHook('onRequest', async (request) => {
    request.viewer = ANONYMOUS;
    // Better Auth reads its own session on /api/auth/*; resolving it here too would cost a query.
    if (!resolveViewer || !request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    if (!request.headers.authorization && !request.headers.cookie) return;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    request.viewer = await resolveViewer(headers);
  });

  /* modules */
  const listCache = new TtlCache<string>(5_000, 500);
  const countCache = new TtlCache<number>(5_000, 10);
  const search = createSearchSync({
    source: createSearchSource(database.db),
    refreshMs: env.SEARCH_INDEX_REFRESH_MS,
    log: app.log,
  });
  const workflows = createWorkflowsRepository(database.db);
  const catalog = createCatalogService({
    repository: createCatalogRepository(database.db),
    workflows,
    storage,
    countCache,
    search,
  });
  // Any successful write may change what the catalogue shows: drop this instance's cached answers.
  // Recording a view is exempt: every detail page sends one, and a view count may be 5 s old (0005).
  // Cleared before the answer leaves, so the writer's next read cannot see the old page.
  app.addHook('onSend', async (request, reply, payload) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (write && reply.statusCode < 400 && !request.routeOptions.config.keepsCatalogueCache) {
      listCache.clear();
      countCache.clear();
      search.markDirty();
    }
    return payload;
  });
  await app.register(healthRoutes, { database });
  await app.register(taxonomyRoutes, { repository: createTaxonomyRepository(database.db) });
  await app.register(catalogRoutes, { catalog, listCache });
  const signInThrottle = createSignInThrottle({
    repository: createSignInThrottleRepository(database.db),
    rate: rate.consume,
    secret: resolveAuthSecret(env),
    secureCookies: env.PUBLIC_URL.startsWith('https://'),
    now: options.now ?? Date.now,
  });
  await app.register(authRoutes, { auth, env, rate: rate.consume, signInThrottle });
  await app.register(profileMeRoutes, { db: database.db });
  await app.register(publicProfileRoutes, { db: database.db });
  const exportCheck = createExportCheckPool(options.exportCheck);
  app.addHook('onClose', () => exportCheck.close());
  if (env.NODE_ENV !== 'test') {
    exportCheck
      .warm()
      .catch((error: unknown) => app.log.error({ err: error }, 'export-check pool did not start'));
  }
  const uploads = createUploadsService(createUploadsRepository(database.db), storage, exportCheck);
  await app.register(uploadsRoutes, { uploads });
  if (env.NODE_ENV !== 'test') scheduleOrphanSweep(app, uploads);
  await app.register(publishingRoutes, {
    publishing: createPublishingService({ workflows, uploads, catalog }),
  });
  await app.register(reviewRoutes, {
    review: createReviewService({
      repository: createReviewRepository(database.db),
      workflows,
      storage,
      mailer,
      publicUrl: env.PUBLIC_URL,
      log: app.log,
    }),
  });
  const clock = options.clock ?? (() => new Date());
  const payments = createPaymentProviders(env, database.db, clock);
  const sales = createSalesService({
    repository: createSalesRepository(database.db),
    queue: jobs,
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
    ledger: sales,
    providers: payments,
    queue: jobs,
    clock,
    publicUrl: env.PUBLIC_URL,
    supportEmail: env.SUPPORT_EMAIL,
    log: app.log,
  });
  jobs.register(RECONCILE_JOB, (payload) => orders.reconcile(String(payload.orderId)));
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
  if (env.NODE_ENV !== 'test') scheduleOrderSweep(app, orders);
  await app.register(favoritesRoutes, {
    favorites: createFavoritesService(createFavoritesRepository(database.db), catalog),
  });
  await app.register(iconRoutes);
  const translator = options.translator === undefined ? createTranslationProvider(env) : options.translator;
  await app.register(translateRoutes, {
    translate: createTranslateService(createTranslateRepository(database.db), translator, app.log),
  });
  await app.register(contactRoutes, {
    contact: createContactService({
      repository: createContactRepository(database.db),
      mailer,
      supportEmail: env.SUPPORT_EMAIL,
      log: app.log,
    }),
  });

  const ratings = createRatingsService({
    repository: createRatingsRepository(database.db),
    catalog,
    mailer,
    publicUrl: env.PUBLIC_URL,
    clock,
  });
  jobs.register(REVIEW_REMINDER_JOB, (payload) => ratings.sendReminder(String(payload.orderId)));
  await app.register(ratingsRoutes, { ratings });

  const n8n = createN8nService({ repository: createN8nRepository(database.db), storage });
  await app.register(n8nTemplateRoutes, { prefix: '/n8n', n8n, publicUrl: env.PUBLIC_URL });
  await app.register(n8nKeyRoutes, { n8n, publicUrl: env.PUBLIC_URL });

  const account = createAccountService({
    repositories: {
      profiles: createProfileRepository(database.db),
      exports: createAccountExportRepository(database.db),
      deletion: createAccountDeletionRepository(database.db),
    },
    storage,
    queue: jobs,
    clock,
    publicUrl: env.PUBLIC_URL,
    mailer,
    verifyPassword: async (hash, password) => (await auth.$context).password.verify({ hash, password }),
    log: app.log,
  });
  jobs.register(EXPORT_JOB, (payload) => account.buildExport(String(payload.userId)));
  await app.register(accountRoutes, { account, env });

  /* public files (covers) of the local storage driver; workflow files are never served here */
  app.get<{ Params: { '*': string } }>('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    const body = isPublicKey(key) ? await storage.get(key) : null;
    if (!body) throw new AppError(404, 'NOT_FOUND', 'Not found');
    const type = key.endsWith('.webp') ? 'image/webp' : key.endsWith('.png') ? 'image/png' : 'image/jpeg';
    // Shown in <img> here and by n8n's template browser; opened directly, a download that never runs.
    return asUploadedFile(reply)
      .type(type)
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body);
  });

  /* the web app last: its catch-all must not shadow any API route (unknown /api/* stays a JSON 404) */
  await app.register(webRoutes, {
    env,
    db: database.db,
    catalog,
    distDir: options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist,
  });

  return app;
}

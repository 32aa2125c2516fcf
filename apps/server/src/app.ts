import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
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
import type { DatabaseHandle } from './db/client.ts';
import type { Env } from './env.ts';
import { createStorage, isPublicKey, type Storage } from './infra/storage/index.ts';
import { ANONYMOUS, type Viewer, type ViewerResolver } from './infra/viewer.ts';
import { AppError } from './lib/errors.ts';
import { messageFor, requestLanguage } from './lib/messages.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { publicProfileRoutes } from './modules/profiles/profiles.routes.ts';
import { taxonomyRoutes } from './modules/taxonomy/taxonomy.routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
}

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
  resolveViewer?: ViewerResolver;
}

const FASTIFY_ERRORS: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION_FAILED' },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION_FAILED' },
};

/** One error shape for the whole API: `{ error: { code, message, field? } }`, never internals on a 5xx. */
function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request.headers);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
      const field = path || (issue?.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || error.validationContext || 'request';
      return reply.status(400).send({
        error: {
          code: 'VALIDATION_FAILED',
          message: `${messageFor('VALIDATION_FAILED', language)} (${field}: ${issue?.message ?? 'invalid'})`,
          field,
        },
      });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.code === 'VALIDATION_FAILED' ? error.message : messageFor(error.code, language),
          ...(error.field ? { field: error.field } : {}),
          ...(error.details !== undefined ? { details: error.details } : {}),
        },
      });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: messageFor('RATE_LIMITED', language) } });
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send({ error: { code: known.code, message: messageFor(known.code, language) } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.url }, 'response did not match its schema');
    } else {
      request.log.error({ err: error, url: request.url, method: request.method }, 'unhandled error');
    }
    return reply
      .status(500)
      .send({ error: { code: 'INTERNAL_ERROR', message: messageFor('INTERNAL_ERROR', language) } });
  });

  app.setNotFoundHandler((request, reply) => {
    const language = requestLanguage(request.headers);
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: messageFor('NOT_FOUND', language) } });
  });
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const storage = options.storage ?? createStorage(env);
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Long enough for a uuid slug address, short enough to bound work per request.
    routerOptions: { maxParamLength: 300 },
  });

  /* infrastructure */
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Flowbay API', version: '1.0.0', description: 'Marketplace for automation workflow templates' },
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

  const resolveViewer = options.resolveViewer;
  app.decorateRequest('viewer', null as never);
  app.addHook('onRequest', async (request) => {
    request.viewer = ANONYMOUS;
    if (!resolveViewer || !request.url.startsWith('/api/')) return;
    if (!request.headers.authorization && !request.headers.cookie) return;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    request.viewer = await resolveViewer(headers);
  });

  /* modules */
  const catalog = createCatalogService(database.db, storage);
  await app.register(healthRoutes, { database });
  await app.register(taxonomyRoutes, { db: database.db });
  await app.register(catalogRoutes, { catalog });
  await app.register(publicProfileRoutes, { db: database.db });

  /* public files (covers) of the local storage driver; workflow files are never served here */
  app.get<{ Params: { '*': string } }>('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    const body = isPublicKey(key) ? await storage.get(key) : null;
    if (!body) throw new AppError(404, 'NOT_FOUND', 'Not found');
    const type = key.endsWith('.webp') ? 'image/webp' : key.endsWith('.png') ? 'image/png' : 'image/jpeg';
    return reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send(body);
  });

  return app;
}

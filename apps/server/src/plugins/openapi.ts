import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from '../lib/guards.ts';

/** The `security` of a signed-in route's schema: a bearer token or the session cookie (the schemes below). */
export const signedInSecurity: { [name: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];

type Operations = Record<string, Record<string, Record<string, unknown>>>;

/** `GET /api/orders/{code}` for a route `GET /api/orders/:code`: how the document names an operation. */
const operationKey = (method: string, url: string) =>
  `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;

/**
 * The OpenAPI document of every route's zod schemas (`app.swagger()`), browsable at /api/docs. Each
 * operation says who may call it: `x-access` (`{ kind, reason? }`, the route's declared access), with
 * `security` and its 401/403 answers from contractRoutes.
 */
async function openapi(app: FastifyInstance) {
  const accessOf = new Map<string, Access>();
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
    transform: (input) => {
      const access = input.route.config?.access;
      const methods = [input.route.method].flat();
      if (access) for (const method of methods) accessOf.set(operationKey(method, input.url), access);
      return jsonSchemaTransform(input);
    },
    transformObject: (input) => {
      const document = 'openapiObject' in input ? input.openapiObject : input.swaggerObject;
      for (const [path, operations] of Object.entries((document.paths ?? {}) as Operations)) {
        for (const [method, operation] of Object.entries(operations)) {
          const access = accessOf.get(`${method} ${path}`);
          if (access) operation['x-access'] = typeof access === 'string' ? { kind: access } : access;
        }
      }
      return document;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export default fp(openapi, { name: 'openapi', fastify: '5.x' });

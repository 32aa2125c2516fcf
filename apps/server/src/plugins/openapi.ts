import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The `security` of a signed-in route's schema: a bearer token or the session cookie (the schemes below). */
export const signedInSecurity: { [name: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];

/** The OpenAPI document of every route's zod schemas (`app.swagger()`), browsable at /api/docs. */
async function openapi(app: FastifyInstance) {
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
}

export default fp(openapi, { name: 'openapi', fastify: '5.x' });

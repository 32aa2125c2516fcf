import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointContract } from '@flowbay/domain';
import { createTestApp, type TestContext } from './test/app.ts';

/** Better Auth answers these itself (one catch-all route), so OpenAPI does not list them. */
const ANSWERED_BY_BETTER_AUTH = /^(GET|POST) \/api\/auth\/(?!providers$)/;
/** The n8n templates API is served again under these prefixes (Vietnamese, and per personal key). */
const N8N_PREFIXES = /^\/n8n(\/k\/\{key\})?(\/vi)?\//;

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** `'GET /api/workflows/:id'` for OpenAPI's `get` + `/api/workflows/{id}`. */
function endpointKey(method: string, path: string): string {
  const base = path.replace(N8N_PREFIXES, '/n8n/').replace(/\{(\w+)\}/g, ':$1');
  return `${method.toUpperCase()} ${base}`;
}

/** What each success status answers, as OpenAPI describes it (`null` for no JSON body). */
function successSchemas(operation: Operation): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (status.startsWith('2')) answers[status] = response.content?.['application/json']?.schema ?? null;
  }
  return answers;
}

/** The contract map rendered to OpenAPI by the same transform the server uses. */
async function contractOpenApi(): Promise<OpenApi> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: { info: { title: 'contract', version: '0' } },
    transform: jsonSchemaTransform,
  });
  for (const [key, contract] of Object.entries(endpoints as Record<string, EndpointContract>)) {
    const [method, url] = key.split(' ') as [string, string];
    const schema = contract.response === null ? {} : { response: { 200: contract.response } };
    app.route({ method: method as 'GET', url, schema, handler: async () => null });
  }
  await app.ready();
  const document = app.swagger() as unknown as OpenApi;
  await app.close();
  return document;
}

describe('the API contract in packages/domain', () => {
  let context: TestContext;
  let served: OpenApi;
  let contract: OpenApi;
  beforeAll(async () => {
    context = await createTestApp();
    served = context.app.swagger() as unknown as OpenApi;
    contract = await contractOpenApi();
  });
  afterAll(() => context.close());

  const contractOperation = (key: string): Operation | undefined => {
    const [method, path] = key.split(' ') as [string, string];
    return contract.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  };

  it('lists every route the server documents, answering what the route declares', () => {
    const missing: string[] = [];
    const drifted: string[] = [];
    for (const [path, operations] of Object.entries(served.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = endpointKey(method, path);
        const expected = contractOperation(key);
        if (!expected) {
          missing.push(key);
          continue;
        }
        const promised = successSchemas(expected)['200'] ?? null;
        for (const [status, schema] of Object.entries(successSchemas(operation))) {
          if (JSON.stringify(schema) !== JSON.stringify(promised)) drifted.push(`${key} ${status}`);
        }
      }
    }
    expect(missing, 'routes missing from `endpoints`').toEqual([]);
    expect(drifted, 'answers that differ from `endpoints`').toEqual([]);
  });

  it('holds no endpoint the server does not serve', async () => {
    const servedKeys = new Set(
      Object.entries(served.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => endpointKey(method, path)),
      ),
    );
    const unserved = Object.keys(endpoints).filter(
      (key) => !servedKeys.has(key) && !ANSWERED_BY_BETTER_AUTH.test(key) && key !== 'GET /api/health',
    );
    expect(unserved).toEqual([]);
    const health = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(endpoints['GET /api/health'].response.safeParse(health.json()).success).toBe(true);
  });
});

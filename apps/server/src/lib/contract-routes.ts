import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ApiError,
  endpoints,
  type EndpointContract,
  type EndpointKey,
  type EndpointParamName,
  type Endpoints,
} from '@flowbay/domain';
import { signedInSecurity } from '../plugins/openapi.ts';
import { accessKind, needsSession, type Access } from './guards.ts';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a signed-in route on someone's resource may answer: bad input, no session, not theirs, gone, conflict. */
export const SIGNED_IN_ERRORS: readonly ErrorStatus[] = [400, 401, 403, 404, 409];

type ContractPart<K extends EndpointKey, F extends 'query' | 'body'> =
  Endpoints[K] extends Record<F, infer S extends z.ZodType> ? S : undefined;
type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;
type Answer<K extends EndpointKey> = Endpoints[K]['response'] extends z.ZodType
  ? z.input<Endpoints[K]['response']>
  : unknown;
type Awaitable<T> = T | Promise<T>;

/** How a module checks each path parameter by name (`{ code: … }` for `/api/orders/:code`). */
type ParamSchemas = Record<string, z.ZodType>;
type PathParams<K extends EndpointKey, G extends ParamSchemas> = {
  [Name in EndpointParamName<K>]: Name extends keyof G ? z.output<G[Name]> : string;
};

/** What a module's routes share: their OpenAPI tags, who may call them, their error answers. */
interface RouteDefaults<G extends ParamSchemas = ParamSchemas> {
  tags: string[];
  /** Who may call the routes (lib/guards.ts); a route may declare its own. */
  access: Access;
  errors?: readonly ErrorStatus[];
  /** The schema of each path parameter; a route's path picks its own. */
  params?: G;
  /** The prefix the routes' plugin is registered under, left out of the contract's path. */
  mountedAt?: string;
}

interface RouteSpec<
  K extends EndpointKey,
  G extends ParamSchemas,
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
> extends Partial<Omit<RouteDefaults, 'params'>> {
  summary?: string;
  /** Path parameters checked otherwise than the module's `params` say. */
  params?: P;
  /** A query or body of the route's own, only for an endpoint whose contract has none. */
  querystring?: ContractPart<K, 'query'> extends undefined ? Q : never;
  body?: ContractPart<K, 'body'> extends undefined ? B : never;
  /**
   * The success status the answer is sent with (200 by default). With several, the handler picks
   * one and sends the answer through `reply` itself.
   */
  status?: SuccessStatus | readonly SuccessStatus[];
  consumes?: string[];
  config?: FastifyContextConfig;
  handler(
    request: FastifyRequest<{
      Params: P extends z.ZodType ? z.output<P> : PathParams<K, G>;
      Querystring: Parsed<Q>;
      Body: Parsed<B>;
    }>,
    reply: FastifyReply,
  ): Awaitable<Answer<K> | FastifyReply>;
}

/** The error answers a route's access adds: 401 without a session, 403 for a non-admin. */
const ACCESS_ERRORS: Record<ReturnType<typeof accessKind>, readonly ErrorStatus[]> = {
  public: [],
  'signed-in': [401],
  owner: [401],
  admin: [401, 403],
};

/**
 * Routes declared by their `'<METHOD> <path>'` in the API contract (`packages/domain/src/endpoints.ts`):
 * the success answer, the query and the body come from the contract, so a route cannot answer
 * something else than what the web client is typed for; the route adds its summary, path
 * parameters, errors and config.
 */
export function contractRoutes<G extends ParamSchemas = Record<never, z.ZodType>>(
  root: FastifyInstance,
  defaults: RouteDefaults<G>,
) {
  /** The module's schemas of the path's parameters, in the path's order. */
  function pathParams(key: string): z.ZodObject | undefined {
    const names = [...key.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    if (names.length === 0) return undefined;
    const shape = Object.fromEntries(
      names.map((name) => {
        const schema = defaults.params?.[name];
        if (!schema) throw new Error(`${key}: no schema for the path parameter ${name}`);
        return [name, schema];
      }),
    );
    return z.object(shape);
  }

  return function route<
    K extends EndpointKey,
    P extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = ContractPart<K, 'query'>,
    B extends z.ZodType | undefined = ContractPart<K, 'body'>,
  >(key: K, spec: RouteSpec<K, G, P, Q, B>): void {
    const { tags, access, mountedAt = '' } = { ...defaults, ...spec };
    const errors = [
      ...new Set([...(spec.errors ?? defaults.errors ?? []), ...ACCESS_ERRORS[accessKind(access)]]),
    ];
    const contract: EndpointContract = endpoints[key];
    const [method, path] = key.split(' ') as [string, string];
    const status = spec.status ?? 200;
    const successes = contract.response === null ? [] : typeof status === 'number' ? [status] : status;
    const response = Object.fromEntries([
      ...successes.map((code) => [code, contract.response]),
      ...errors.map((code) => [code, ApiError]),
    ]);
    const schema = {
      tags,
      summary: spec.summary,
      consumes: spec.consumes,
      security: needsSession(access) ? signedInSecurity : undefined,
      params: spec.params ?? pathParams(key),
      querystring: contract.query ?? spec.querystring,
      body: contract.body ?? spec.body,
      response: successes.length + errors.length > 0 ? response : undefined,
    };
    root.route({
      method: method as 'GET',
      url: path.slice(mountedAt.length),
      schema: Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined)),
      config: { ...spec.config, access },
      handler: async (request, reply) => {
        const answer = await spec.handler(request as never, reply);
        if (answer === reply || typeof status !== 'number' || status === 200) return answer;
        return reply.status(status).send(answer);
      },
    });
  };
}

/** A module's admin-only routes: tagged admin, answering the signed-in errors, `params` their path's parameters. */
export function adminRoutes<G extends ParamSchemas>(root: FastifyInstance, params: G) {
  return contractRoutes(root, { tags: ['admin'], access: 'admin', errors: SIGNED_IN_ERRORS, params });
}

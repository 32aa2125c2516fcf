import type { Language, PlainErrorCode } from '@flowbay/domain';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../db/availability.ts';
import { ANONYMOUS, type SignedInViewer, type Viewer } from '../../infra/request-viewer.ts';
import { AppError } from '../../lib/errors.ts';
import { messageFor, requestLanguage } from '../../lib/messages.ts';
import type { Provided } from '../../lib/modules.ts';
import type { ToolContext } from './mcp.context.ts';
import { createMcpServer } from './mcp.server.ts';

export interface McpRoutesOptions extends Omit<ToolContext, 'viewer' | 'visitorKey' | 'log' | 'language'> {
  /** Origins whose pages may call the endpoint besides PUBLIC_URL's own. */
  allowedOrigins: readonly string[];
  /** Calls per caller per minute. */
  rateLimit: number;
  /** The owner of a personal library key (null when unknown or revoked). */
  keyViewer: Provided['libraryKeys']['viewerOf'];
}

export const MCP_PATH = '/mcp';
/** JSON-RPC's "server error" code, which the SDK's transport also answers its HTTP refusals with. */
const SERVER_ERROR = -32000;
const ALLOWED_HEADERS =
  'authorization, content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id';

class RefusedOrigin extends AppError {
  constructor() {
    super('CROSS_SITE_REQUEST', 'This origin may not call the MCP endpoint');
  }
}

/** An HTTP refusal in the shape MCP clients read: a JSON-RPC error with no id, our code in `data`. */
function sendRpcError(reply: FastifyReply, status: number, code: PlainErrorCode, language: Language): void {
  void reply
    .status(status)
    .type('application/json')
    .send({
      jsonrpc: '2.0',
      error: { code: SERVER_ERROR, message: messageFor(code, language), data: { code } },
      id: null,
    });
}

function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return new Request(new URL(request.url, 'http://flowbay.invalid'), { method: request.method, headers });
}

/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP, stateless (a new server and transport
 * per request, no session), answering JSON rather than an event stream. Before any tool runs:
 * the Origin (a browser page of another site is refused, 403), the caller (a Bearer library key that
 * is unknown or revoked is refused, 401; no key is anonymous), then the caller's rate (429).
 * No cookie is read here: what an answer holds depends on the key alone.
 */
export async function mcpRoutes(app: FastifyInstance, options: McpRoutesOptions) {
  const { allowedOrigins, rateLimit, keyViewer, ...services } = options;
  const origins = new Set([new URL(services.publicUrl).origin, ...allowedOrigins]);
  const callers = new WeakMap<FastifyRequest, Viewer>();

  /** No Origin (a desktop or command-line client) or one of ours; else refused. */
  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!origins.has(origin)) throw new RefusedOrigin();
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
  };

  const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const language = requestLanguage(request.headers);
    if (error instanceof AppError) {
      if (error.code === 'N8N_KEY_INVALID') reply.header('www-authenticate', 'Bearer error="invalid_token"');
      sendRpcError(reply, error.statusCode, error.code as PlainErrorCode, language);
    } else if (error.statusCode === 429) {
      sendRpcError(reply, 429, 'RATE_LIMITED', language);
    } else if (isDatabaseUnavailable(error)) {
      sendRpcError(reply.header('retry-after', '5'), 503, 'DATABASE_UNAVAILABLE', language);
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const status = error.statusCode;
      const code =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : 'VALIDATION_FAILED';
      sendRpcError(reply, status, code, language);
    } else {
      request.log.error({ err: error }, 'MCP request failed');
      sendRpcError(reply, 500, 'INTERNAL_ERROR', language);
    }
  };

  app.route({
    method: 'POST',
    url: MCP_PATH,
    schema: { hide: true },
    config: {
      rateLimit: {
        max: rateLimit,
        timeWindow: 60_000,
        // After the caller is known (onRequest), so a key holder is counted as one caller wherever they are.
        hook: 'preHandler',
        keyGenerator: (request) => {
          const caller = callers.get(request);
          return caller && caller.kind !== 'anonymous' ? `mcp:user:${caller.id}` : `mcp:ip:${request.ip}`;
        },
      },
    },
    errorHandler,
    onRequest: [
      checkOrigin,
      async (request) => {
        const token = bearerToken(request);
        let viewer: SignedInViewer | null = null;
        if (token !== undefined) {
          viewer = token === null ? null : await keyViewer(token);
          if (!viewer) throw new AppError('N8N_KEY_INVALID', 'This library key is unknown or was revoked');
        }
        callers.set(request, viewer ?? ANONYMOUS);
      },
    ],
    handler: async (request, reply) => {
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      const server = createMcpServer({
        ...services,
        viewer: callers.get(request) ?? ANONYMOUS,
        visitorKey: `${request.ip}|${request.headers['user-agent'] ?? ''}`,
        log: request.log,
        language: requestLanguage(request.headers),
      });
      try {
        await server.connect(transport);
        const response = await transport.handleRequest(webRequest(request), { parsedBody: request.body });
        reply.status(response.status);
        response.headers.forEach((value, name) => void reply.header(name, value));
        reply.header('cache-control', 'no-store');
        const body = await response.text();
        return reply.send(body === '' ? undefined : body);
      } finally {
        await server.close();
      }
    },
  });

  /** A browser page of an allowed origin asks first (JSON and the Authorization header are not "simple"). */
  app.route({
    method: 'OPTIONS',
    url: MCP_PATH,
    schema: { hide: true },
    errorHandler,
    onRequest: checkOrigin,
    handler: (_request, reply) =>
      reply
        .status(204)
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .send(),
  });

  /** Stateless: no event stream to open (GET) and no session to end (DELETE), as the SDK's examples answer. */
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    schema: { hide: true },
    errorHandler,
    handler: (request, reply) =>
      reply
        .status(405)
        .header('allow', 'POST')
        .send({ jsonrpc: '2.0', error: { code: SERVER_ERROR, message: 'Method not allowed.' }, id: null }),
  });
}

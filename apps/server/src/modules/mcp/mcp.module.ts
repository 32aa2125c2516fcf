import { defineModule, route } from '../../lib/modules.ts';
import { mcpRoutes } from './mcp.routes.ts';

/**
 * Flowbay for AI assistants: an MCP server at `/mcp` whose tools answer from the catalogue, the
 * taxonomy, the caller's purchases (a personal library key as the Bearer token) and their n8n
 * connections ("Send to my n8n").
 */
export const mcpModule = defineModule({
  name: 'mcp',
  needs: ['env', 'catalog', 'taxonomy', 'libraryKeys', 'sendToN8n', 'n8nConnections'],
  provides: [],
  routes: ({ env, catalog, taxonomy, libraryKeys, sendToN8n, n8nConnections }) => [
    route(mcpRoutes, {
      publicUrl: env.PUBLIC_URL,
      allowedOrigins: env.MCP_ALLOWED_ORIGINS,
      rateLimit: env.MCP_RATE_LIMIT,
      catalog,
      taxonomy,
      sendToN8n,
      n8nConnections,
      keyViewer: libraryKeys.viewerOf,
    }),
  ],
});

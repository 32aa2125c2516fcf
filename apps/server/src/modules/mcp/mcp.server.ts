import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolContext } from './mcp.context.ts';
import { registerGetTemplate } from './tools/get-template.ts';
import { registerListCategories } from './tools/list-categories.ts';
import { registerRequiredCredentials } from './tools/required-credentials.ts';
import { registerSearchTemplates } from './tools/search-templates.ts';
import { registerSendToN8n } from './tools/send-to-n8n.ts';

const INSTRUCTIONS = `Flowbay is a bilingual (English/Vietnamese) marketplace of automation workflow templates for n8n, Make and Zapier.
Prices are whole Vietnamese đồng (VNĐ); 0 means free. Free workflows' files are open to everyone; a paid workflow's file comes only to its buyers, who identify themselves with their personal library key (Authorization: Bearer <key>), created on their Flowbay profile.
Every tool takes lang ("en" or "vi"; left out, the request's language): answer the user in their language and pass it along. Workflow titles and descriptions come in that language when their author wrote them in it; "language" says which language they are in.`;

/** One MCP server for one request (the endpoint is stateless): the tools, bound to this caller. */
export function createMcpServer(context: ToolContext): McpServer {
  const server = new McpServer({ name: 'flowbay', version: '1.0.0' }, { instructions: INSTRUCTIONS });
  registerSearchTemplates(server, context);
  registerGetTemplate(server, context);
  registerListCategories(server, context);
  registerRequiredCredentials(server, context);
  registerSendToN8n(server, context);
  return server;
}

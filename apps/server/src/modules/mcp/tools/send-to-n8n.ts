import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  answerLanguage,
  langArgument,
  refOf,
  workflowRefArgument,
  type ToolContext,
} from '../mcp.context.ts';
import { toolResult } from '../mcp.result.ts';
import { MCP_TEXT } from '../mcp.text.ts';

/**
 * `send_to_n8n`: "Send to my n8n" (the connections module's sendToN8n: the same checks and errors as
 * the website's button) for the key's owner. Without a connection id, their only connection is used;
 * with several, they are listed to choose from.
 */
export function registerSendToN8n(server: McpServer, context: ToolContext) {
  server.registerTool(
    'send_to_n8n',
    {
      title: 'Send a Flowbay workflow to my n8n',
      description:
        "Create a Flowbay n8n workflow in the user's own n8n instance, one they saved on their Flowbay profile (a connection). Needs the user's personal library key as the Bearer token, and a workflow they may download (free, bought or their own). Answers the link to the new workflow in their n8n and the apps whose credentials they must create there. Without connection_id, the user's only connection is used; if they have several, they are listed (id, name, address) so the user can choose.",
      inputSchema: {
        workflow_id: workflowRefArgument,
        connection_id: z
          .string()
          .trim()
          .max(64)
          .optional()
          .describe("The id of one of the user's saved n8n connections (as listed by this tool)."),
        lang: langArgument,
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    ({ workflow_id, connection_id, lang: asked }) => {
      const lang = answerLanguage(context, asked);
      return toolResult(context, lang, async () => {
        const text = MCP_TEXT[lang];
        let connectionId = connection_id;
        if (!connectionId) {
          const connections = await context.n8nConnections.list(context.viewer);
          if (connections.length !== 1) {
            return {
              sent: false,
              connections: connections.map(({ id, name, base_url }) => ({ id, name, base_url })),
              message: connections.length === 0 ? text.noConnection : text.chooseConnection,
            };
          }
          connectionId = connections[0]!.id;
        }
        const sent = await context.sendToN8n(context.viewer, refOf(workflow_id), connectionId);
        return {
          sent: true,
          url: sent.url,
          workflow_id: sent.workflow_id,
          credentials: sent.credentials,
          message: sent.credentials.length > 0 ? text.sentWithCredentials : text.sent,
        };
      });
    },
  );
}

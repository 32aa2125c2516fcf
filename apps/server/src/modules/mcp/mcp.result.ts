import type { Language } from '@flowbay/domain';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isDatabaseUnavailable } from '../../db/availability.ts';
import { AppError } from '../../lib/errors.ts';
import { messageFor } from '../../lib/messages.ts';
import type { ToolContext } from './mcp.context.ts';

/**
 * Runs a tool and answers its result as JSON (text for any client, structured content for those that
 * read it). A refusal the API would answer (a workflow not found, a paid file) is a tool error in the
 * caller's language with its stable code, so the assistant can tell the user what to do; anything
 * else is logged and answered as the API's internal error, never with its details.
 */
export async function toolResult(
  context: Pick<ToolContext, 'log'>,
  lang: Language,
  run: () => Promise<Record<string, unknown>>,
): Promise<CallToolResult> {
  try {
    const result = await run();
    return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }], structuredContent: result };
  } catch (error) {
    const code =
      error instanceof AppError
        ? error.code
        : isDatabaseUnavailable(error)
          ? 'DATABASE_UNAVAILABLE'
          : 'INTERNAL_ERROR';
    if (code === 'INTERNAL_ERROR') context.log.error({ err: error }, 'MCP tool failed');
    const message = messageFor(code, lang);
    return {
      isError: true,
      content: [{ type: 'text', text: `${message} (${code})` }],
      structuredContent: { error: { code, message } },
    };
  }
}

import type { Language, WorkflowDetail } from '@flowbay/domain';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  answerLanguage,
  langArgument,
  refOf,
  workflowRefArgument,
  type ToolContext,
} from '../mcp.context.ts';
import { toolResult } from '../mcp.result.ts';

/**
 * Registers a read-only tool about one workflow, named by id or slug, answered in the caller's
 * language: `answer` gets the workflow's detail as the caller may see it (the catalogue's rules), its
 * texts in that language where the author wrote them, and the reference it was fetched by.
 */
export function registerWorkflowTool(
  server: McpServer,
  context: ToolContext,
  name: string,
  about: { title: string; description: string },
  answer: (detail: WorkflowDetail, lang: Language, ref: string) => Promise<Record<string, unknown>>,
) {
  server.registerTool(
    name,
    {
      ...about,
      inputSchema: { id: workflowRefArgument, lang: langArgument },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id, lang: asked }) => {
      const lang = answerLanguage(context, asked);
      return toolResult(context, lang, async () => {
        const ref = refOf(id);
        return answer(await context.catalog.get(ref, context.viewer, lang), lang, ref);
      });
    },
  );
}

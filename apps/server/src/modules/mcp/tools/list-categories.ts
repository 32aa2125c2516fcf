import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { answerLanguage, langArgument, nameIn, type ToolContext } from '../mcp.context.ts';
import { toolResult } from '../mcp.result.ts';

/** `list_categories`: the catalogue's platforms and use cases, the values search_templates filters by. */
export function registerListCategories(server: McpServer, context: ToolContext) {
  server.registerTool(
    'list_categories',
    {
      title: 'Flowbay platforms and use cases',
      description:
        'List the automation platforms (n8n, Make, Zapier) and the use cases (sales, marketing, finance, …) Flowbay sorts its workflows by. Pass a platform "id" as search_templates\' platform and a use case "id" as its use_case.',
      inputSchema: { lang: langArgument },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ lang: asked }) => {
      const lang = answerLanguage(context, asked);
      return toolResult(context, lang, async () => {
        const [platforms, useCases] = await Promise.all([
          context.taxonomy.platforms(),
          context.taxonomy.useCases(),
        ]);
        return {
          platforms: platforms.map((platform) => ({ id: platform.id, name: nameIn(platform, lang) })),
          use_cases: useCases.map((useCase) => ({ id: useCase.id, name: nameIn(useCase, lang) })),
        };
      });
    },
  );
}

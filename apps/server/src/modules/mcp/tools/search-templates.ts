import {
  APP_FILTER_MAX,
  PAGE_LIMIT_MAX,
  SEARCH_MAX,
  formatVnd,
  ListWorkflowsQuery,
  N8nRelease,
  type Language,
  type WorkflowCard,
} from '@flowbay/domain';
import { PLATFORM_IDS } from '@flowbay/workflow-formats/platforms';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  answerLanguage,
  appsOf,
  langArgument,
  nameIn,
  workflowLink,
  type ToolContext,
} from '../mcp.context.ts';
import { toolResult } from '../mcp.result.ts';
import { MCP_TEXT } from '../mcp.text.ts';

/** Results one call answers at most. */
const RESULTS_MAX = 20;
/**
 * With a price ceiling, how many catalogue pages (of PAGE_LIMIT_MAX, in the search's own order) are
 * read to find the results under it: the catalogue's price filters are bands, not ceilings.
 */
const CEILING_PAGES = 5;

const inputSchema = {
  query: z
    .string()
    .trim()
    .max(SEARCH_MAX)
    .optional()
    .describe(
      'Words to search for in titles, descriptions and apps, in English or Vietnamese (e.g. "slack invoice", "gửi email"). Leave out to browse.',
    ),
  platform: z.enum(PLATFORM_IDS).optional().describe('Only workflows for this automation platform.'),
  use_case: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe('Only workflows of this use case: a use case "id" from list_categories.'),
  apps: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9][a-z0-9.@/_-]{0,79}$/i),
    )
    .max(APP_FILTER_MAX)
    .optional()
    .describe(
      `Only workflows using every one of these apps, by app key as results list them (e.g. ["slack", "google-sheets"]); at most ${APP_FILTER_MAX}.`,
    ),
  n8n_version: N8nRelease.optional().describe(
    'Only workflows known to run on this n8n version (e.g. "1.98"); Make and Zapier workflows, and n8n ones whose versions are not known, stay.',
  ),
  free_only: z.boolean().default(false).describe('Only free workflows.'),
  max_price: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'Only workflows costing at most this many Vietnamese đồng (VNĐ, whole numbers; 0 = free only).',
    ),
  limit: z.number().int().min(1).max(RESULTS_MAX).default(10).describe('How many results to answer.'),
  lang: langArgument,
};

function resultOf(card: WorkflowCard, context: ToolContext, lang: Language) {
  const price = card.price;
  return {
    id: card.id,
    title: card.title,
    /** The language of title and description: `lang` when the author wrote the listing in it. */
    language: card.shown_language,
    description: card.description.length > 300 ? `${card.description.slice(0, 297)}…` : card.description,
    price,
    price_text: price > 0 ? formatVnd(price, lang) : MCP_TEXT[lang].free,
    rating: card.rating_average,
    rating_count: card.rating_count,
    platform: card.categories[0]?.id ?? card.node_summary?.platform ?? null,
    use_cases: card.workflow_subcategories.map(({ subcategories }) => nameIn(subcategories, lang)),
    apps: appsOf(card),
    n8n_compatibility: card.compat,
    setup: card.setup,
    link: workflowLink(context, card),
  };
}

/** `search_templates`: the catalogue's own search (the search index), as the website ranks it. */
export function registerSearchTemplates(server: McpServer, context: ToolContext) {
  server.registerTool(
    'search_templates',
    {
      title: 'Search Flowbay workflow templates',
      description:
        'Search Flowbay, a marketplace of ready-made automation workflows for n8n, Make and Zapier. Answers matching workflows, best match first, each with its id (for get_template and required_credentials), title, price in whole Vietnamese đồng (0 = free), average rating (1–5, null when unrated), the apps it connects, the n8n releases it runs on (n8n_compatibility), its setup difficulty and minutes, and the link to its page. Typos and English/Vietnamese words are tolerated.',
      inputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => {
      const lang = answerLanguage(context, args.lang);
      return toolResult(context, lang, async () => {
        const ceiling = args.free_only ? 0 : args.max_price;
        const query = ListWorkflowsQuery.parse({
          search: args.query || undefined,
          category: args.platform,
          subcategory: args.use_case,
          app: args.apps?.length ? args.apps.join(',') : undefined,
          price: ceiling === 0 ? 'free' : 'all',
          n8n: args.n8n_version,
          page: 0,
          limit: ceiling ? PAGE_LIMIT_MAX : args.limit,
        });
        const found: WorkflowCard[] = [];
        let total = 0;
        for (let page = 0; page < (ceiling ? CEILING_PAGES : 1); page += 1) {
          const list = await context.catalog.list({ ...query, page }, context.viewer, lang);
          total = list.filteredCount;
          found.push(...list.workflows.filter((card) => !ceiling || card.price <= ceiling));
          if (found.length >= args.limit || (page + 1) * list.pageSize >= list.filteredCount) break;
        }
        const workflows = found.slice(0, args.limit).map((card) => resultOf(card, context, lang));
        return {
          // Without a ceiling the count is exact; with one it is how many were found under it.
          total: ceiling ? found.length : total,
          workflows,
        };
      });
    },
  );
}

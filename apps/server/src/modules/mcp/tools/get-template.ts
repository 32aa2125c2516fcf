import { formatVnd, type Language, type WorkflowDetail } from '@flowbay/domain';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isSignedIn } from '../../../infra/request-viewer.ts';
import { appsOf, nameIn, workflowLink, type ToolContext } from '../mcp.context.ts';
import { MCP_TEXT } from '../mcp.text.ts';
import { registerWorkflowTool } from './workflow-tool.ts';

/** What anyone may know of a workflow: the facts its public page shows. */
export function publicFacts(detail: WorkflowDetail, context: ToolContext, lang: Language) {
  const summary = detail.buyer_summary;
  return {
    id: detail.id,
    title: detail.title,
    description: detail.description,
    /** The language of title and description: `lang` when the author wrote the listing in it. */
    language: detail.shown_language,
    price: detail.price,
    price_text: detail.price > 0 ? formatVnd(detail.price, lang) : MCP_TEXT[lang].free,
    rating: detail.rating_average,
    rating_count: detail.rating_count,
    platform: detail.categories[0]?.id ?? detail.node_summary?.platform ?? null,
    use_cases: detail.workflow_subcategories.map(({ subcategories }) => nameIn(subcategories, lang)),
    apps: summary?.apps ?? appsOf(detail),
    node_count: summary?.node_count ?? detail.node_summary?.nodeCount ?? null,
    version: detail.version,
    tested_with: detail.tested_with,
    community_packages: summary?.community_packages ?? detail.requirements?.communityPackages ?? [],
    /** n8n listings: the first (and last, when a node was removed since) n8n release it runs on. */
    n8n_compatibility: detail.compatibility
      ? { min: detail.compatibility.min, max: detail.compatibility.max }
      : null,
    setup: detail.setup,
    credentials_needed: detail.credentials_needed.map(({ app, name }) => ({ app, name })),
    /** What the automated checks found that a buyer should know (no node names, never code). */
    checked: detail.checked
      ? {
          checked_at: detail.checked.checked_at,
          highest: detail.checked.highest,
          findings: detail.checked.findings,
        }
      : null,
    link: workflowLink(context, detail),
  };
}

/**
 * `get_template`: the importable file when the caller may download it (free, bought, their own), by
 * the catalogue's download rule and served file; otherwise the public facts and the link to buy it.
 */
export function registerGetTemplate(server: McpServer, context: ToolContext) {
  registerWorkflowTool(
    server,
    context,
    'get_template',
    {
      title: 'Get a Flowbay workflow template',
      description:
        'Get one Flowbay workflow, with the n8n releases it runs on (n8n_compatibility: min, and max when a node was removed since), its setup difficulty and minutes, the credentials it needs by name and what the automated safety checks found. For a free workflow, or a paid one the caller bought (identified by their personal library key), the answer includes "file": the workflow file itself, ready to import into n8n, Make or Zapier. For a paid workflow the caller has not bought, it answers the title, description, apps, price (whole Vietnamese đồng) and the other public facts, with the link where it is bought; never the file.',
    },
    async (detail, lang, ref) => {
      const facts = publicFacts(detail, context, lang);
      if (!detail.access.can_download) {
        const price = formatVnd(detail.price, lang);
        return {
          ...facts,
          access: detail.access.reason,
          message: isSignedIn(context.viewer)
            ? MCP_TEXT[lang].signedInBuyToGet(price)
            : MCP_TEXT[lang].buyToGet(price),
          buy_link: facts.link,
        };
      }
      const file = await context.catalog.download(ref, context.viewer, context.visitorKey, undefined, 'mcp');
      return {
        ...facts,
        access: detail.access.reason,
        message: MCP_TEXT[lang].fileIncluded,
        file_name: file.fileName,
        file: JSON.parse(file.body.toString('utf8')) as unknown,
      };
    },
  );
}

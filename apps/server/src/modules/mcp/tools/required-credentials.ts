import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { workflowLink, type ToolContext } from '../mcp.context.ts';
import { MCP_TEXT } from '../mcp.text.ts';
import { registerWorkflowTool } from './workflow-tool.ts';

/**
 * `required_credentials`: the accounts a user must connect before the workflow runs, as its detail
 * page lists them. Those who may download it also learn which nodes use each one; others get the
 * app and credential type only (the catalogue's public requirements).
 */
export function registerRequiredCredentials(server: McpServer, context: ToolContext) {
  registerWorkflowTool(
    server,
    context,
    'required_credentials',
    {
      title: 'Credentials a Flowbay workflow needs',
      description:
        'List the credentials (n8n credentials, Make connections, Zapier app accounts) a user must create before a Flowbay workflow can run: for each, the app and the credential type, plus any n8n community packages to install. Works for every workflow, free or paid.',
    },
    async (detail, lang) => {
      const requirements = detail.requirements;
      const credentials = requirements
        ? requirements.credentials.map((credential) => ({
            app: credential.app,
            type: credential.type,
            name: detail.credentials_needed.find((needed) => needed.type === credential.type)?.name ?? null,
            ...(detail.access.can_download ? { used_by_nodes: credential.nodes } : {}),
          }))
        : (detail.buyer_summary?.credentials ?? []).map((app) => ({ app, type: null }));
      return {
        id: detail.id,
        title: detail.title,
        platform: detail.categories[0]?.id ?? detail.node_summary?.platform ?? null,
        credentials,
        community_packages: requirements?.communityPackages ?? detail.buyer_summary?.community_packages ?? [],
        message: credentials.length > 0 ? MCP_TEXT[lang].credentialsNote : MCP_TEXT[lang].noCredentials,
        link: workflowLink(context, detail),
      };
    },
  );
}

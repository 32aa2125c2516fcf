import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { iconSvg } from '@flowbay/workflow-formats/icons';
import { contractRoutes } from '../../lib/contract-routes.ts';

const IconFile = z.object({
  file: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}\.svg$/, 'must be <app-key>.svg'),
});

// An icon changes only with a release of the icon set; browsers and CDNs may keep it for a month.
const ICON_CACHE = 'public, max-age=2592000, stale-while-revalidate=86400';

/** App icons as standalone SVG, so the browser never bundles an icon set (simple-icons is several MB). */
export async function iconRoutes(root: FastifyInstance) {
  const rendered = new Map<string, string>();

  contractRoutes(root, { tags: ['catalogue'] })('GET /api/icons/:file', {
    summary: 'Brand or generic icon of an app key, e.g. /api/icons/slack.svg',
    params: IconFile,
    errors: [400],
    handler: (request, reply) => {
      const key = request.params.file.slice(0, -'.svg'.length);
      let svg = rendered.get(key);
      if (svg === undefined) {
        svg = iconSvg(key);
        // Keys come from the address, so bound the memo instead of letting it grow with every guess.
        if (rendered.size < 2000) rendered.set(key, svg);
      }
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', ICON_CACHE).send(svg);
    },
  });
}

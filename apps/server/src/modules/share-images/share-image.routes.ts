import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contractRoutes } from '../../lib/contract-routes.ts';
import type { ShareImageService } from './share-image.service.ts';

const ImageFile = z.object({
  file: z.string().regex(/^[0-9a-f-]{36}\.png$/i, 'must be <workflow id>.png'),
});

// The address carries the workflow's stamp (ogImageUrl), so a changed workflow is a new address.
const IMAGE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/** Open Graph images of listed workflows (1200×630 PNG) for Zalo, Facebook and other link previews. */
export async function shareImageRoutes(root: FastifyInstance, { images }: { images: ShareImageService }) {
  contractRoutes(root, {
    tags: ['catalogue'],
    access: { kind: 'public', reason: 'link previews of listed workflows' },
  })('GET /og/workflows/:file', {
    summary: 'Share image of a listed workflow: title, price, platform, apps and author',
    params: ImageFile,
    querystring: z.object({ v: z.string().max(32).optional(), lang: z.enum(['en', 'vi']).optional() }),
    errors: [400, 404],
    handler: async (request, reply) => {
      const id = request.params.file.slice(0, -'.png'.length).toLowerCase();
      const png = await images.image(id, request.query.lang ?? 'en');
      return reply
        .type('image/png')
        .header('cache-control', IMAGE_CACHE)
        .send(png as never);
    },
  });
}

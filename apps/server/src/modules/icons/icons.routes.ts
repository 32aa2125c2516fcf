import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { iconSvg } from '@flowbay/workflow-formats/icons';
import { contractRoutes } from '../../lib/contract-routes.ts';

const IconFile = z.object({
  file: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}\.(svg|png)$/, 'must be <app-key>.svg or <app-key>.png'),
});

// An icon changes only with a release of the icon set; browsers and CDNs may keep it for a month.
const ICON_CACHE = 'public, max-age=2592000, stale-while-revalidate=86400';
/** Pixels of a PNG icon's side: sharp at 16–24 CSS pixels on screens of up to 3 device pixels each. */
const ICON_PNG_SIZE = 64;
// Keys come from the address, so each memo is bounded instead of growing with every guess.
const MEMO_LIMIT = 2000;

function remembered<T>(memo: Map<string, T>, key: string, make: () => T): T {
  let value = memo.get(key);
  if (value === undefined) {
    value = make();
    if (memo.size < MEMO_LIMIT) memo.set(key, value);
  }
  return value;
}

/**
 * App icons drawn by the server, so the browser never bundles an icon set (simple-icons is several
 * MB). Pages show the PNG: a browser decodes it off the main thread, where every SVG image costs it a
 * document of its own (10–25 ms each on the bench's Chromium, during hydration). The SVG stays for
 * whoever wants to scale one.
 */
export async function iconRoutes(root: FastifyInstance) {
  const svgs = new Map<string, string>();
  const pngs = new Map<string, Promise<Buffer>>();
  const svgOf = (key: string) => remembered(svgs, key, () => iconSvg(key));

  contractRoutes(root, {
    tags: ['catalogue'],
    access: { kind: 'public', reason: 'app icons shown on public pages' },
  })('GET /api/icons/:file', {
    summary: `Brand or generic icon of an app key: /api/icons/slack.svg, or /api/icons/slack.png (${ICON_PNG_SIZE}×${ICON_PNG_SIZE})`,
    params: IconFile,
    errors: [400],
    handler: async (request, reply) => {
      const [key, kind] = request.params.file.split('.') as [string, 'svg' | 'png'];
      reply.header('cache-control', ICON_CACHE);
      if (kind === 'svg') return reply.type('image/svg+xml; charset=utf-8').send(svgOf(key));
      const png = remembered(pngs, key, () =>
        sharp(Buffer.from(svgOf(key)), { density: 384 })
          .resize(ICON_PNG_SIZE, ICON_PNG_SIZE, {
            fit: 'contain',
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          })
          .png({ compressionLevel: 9, palette: true })
          .toBuffer()
          .catch((error: unknown) => {
            pngs.delete(key); // drawn again next time rather than failing for a month
            throw error;
          }),
      );
      return reply.type('image/png').send((await png) as never);
    },
  });
}

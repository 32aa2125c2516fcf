import { createHash } from 'node:crypto';
import { formatVnd, listingTextFor, type Language } from '@flowbay/domain';
import { ANONYMOUS } from '../../infra/request-viewer.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { renderShareImage, type ShareCard } from './share-image.render.ts';

/** Rendered pictures kept per process; a picture is a few dozen kilobytes. */
const CACHED_IMAGES = 200;

/**
 * The share image of a listed workflow, in the language asked for: its title in that language when
 * the author wrote it (docs/decisions/0173), else as written, and the price and platform in it. A
 * picture is kept under a hash of its language and what it shows, so a new title (or translation),
 * price, app or author name draws a new one, and an unchanged workflow is drawn once per language.
 */
export function createShareImageService(catalog: Pick<CatalogService, 'findVisible'>) {
  const cache = new Map<string, Promise<Buffer>>();

  async function cardOf(ref: string, language: Language): Promise<ShareCard> {
    // As an anonymous visitor sees it: anything not listed is WORKFLOW_NOT_FOUND.
    const row = await catalog.findVisible(ref, ANONYMOUS);
    const price = Number(row.price);
    const platform = row.categories[0];
    return {
      title: listingTextFor({ ...row, faq: [] }, language).title,
      price: price === 0 ? (language === 'vi' ? 'Miễn phí' : 'Free') : formatVnd(price, language),
      platform: platform ? (language === 'vi' ? platform.name_vi : platform.name) : null,
      apps: (row.nodeSummary?.apps ?? []).filter((app) => !app.core).map(({ key, name }) => ({ key, name })),
      author: row.authorDisplayName?.trim() || row.authorName?.trim() || null,
    };
  }

  return {
    async image(ref: string, language: Language): Promise<Buffer> {
      const card = await cardOf(ref, language);
      const key = createHash('sha256')
        .update(JSON.stringify([language, card]))
        .digest('base64url');
      let image = cache.get(key);
      if (image) {
        // Most recently used last, so the oldest picture is the one dropped.
        cache.delete(key);
      } else {
        image = renderShareImage(card);
        image.catch(() => cache.delete(key));
      }
      cache.set(key, image);
      if (cache.size > CACHED_IMAGES) cache.delete(cache.keys().next().value!);
      return image;
    },
  };
}

export type ShareImageService = ReturnType<typeof createShareImageService>;

/**
 * Where a workflow's share image is, in `language` (`?lang=vi`; English without it, or `?lang=en`): the
 * stamp changes with the workflow (a new translation too) so link previews fetch it again.
 */
export function ogImageUrl(workflow: { id: string; updated_at: string }, language: Language = 'en'): string {
  const stamp = Date.parse(workflow.updated_at).toString(36);
  return `/og/workflows/${workflow.id}.png?v=${stamp}${language === 'vi' ? '&lang=vi' : ''}`;
}

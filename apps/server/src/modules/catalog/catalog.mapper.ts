import {
  listingLanguages,
  listingTextFor,
  ratingAverage,
  type ListingLanguage,
  type WorkflowCard,
  type WorkflowDetail,
} from '@flowbay/domain';
import type { Storage } from '../../infra/storage/index.ts';
import type { CardRow } from './catalog.repository.ts';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * A row of the card query as the API's WorkflowCard (the contract's field names), its title and
 * description in `wanted` when the listing is written in it (without `wanted`: the original).
 */
export function toWorkflowCard(row: CardRow, storage: Storage, wanted?: ListingLanguage): WorkflowCard {
  const shown = listingTextFor({ ...row, faq: [] }, wanted ?? row.language);
  return {
    id: row.id,
    number: row.number,
    slug: row.slug,
    title: shown.title,
    description: shown.description,
    language: row.language,
    languages: listingLanguages(row),
    shown_language: shown.language,
    price: Number(row.price),
    cover_image_url: row.coverKey ? storage.publicUrl(row.coverKey) : null,
    cover_thumb_url: row.coverThumbKey ? storage.publicUrl(row.coverThumbKey) : null,
    version: row.version ?? '1.0',
    views: row.views,
    favorites_count: row.favoritesCount,
    downloads: row.downloads,
    rating_average: ratingAverage(row.ratingSum, row.ratingCount),
    rating_count: row.ratingCount,
    user_id: row.userId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    status: row.status,
    profiles:
      row.authorName === null && row.authorImage === null && row.authorDisplayName === null
        ? null
        : {
            id: row.userId,
            full_name: row.authorName || null,
            display_name: row.authorDisplayName,
            avatar_url: row.authorImage,
          },
    categories: row.categories,
    workflow_subcategories: row.subcategories.map((subcategory) => ({
      subcategory_id: subcategory.id,
      subcategories: subcategory,
    })),
    node_summary: row.nodeSummary
      ? {
          platform: row.nodeSummary.platform,
          workflowCount: row.nodeSummary.workflowCount,
          nodeCount: row.nodeSummary.nodeCount,
          edgeCount: row.nodeSummary.edgeCount,
          apps: row.nodeSummary.apps,
        }
      : null,
    compat: row.checks?.compat ? { min: row.checks.min, max: row.checks.max } : null,
    setup: row.checks?.setup ?? null,
  };
}

type Requirements = NonNullable<WorkflowDetail['requirements']>;

/**
 * What someone without the file may learn of a paid workflow's requirements: which apps' accounts
 * and which (public, npm) community packages it needs. The author's credential names (sometimes an
 * e-mail address) and the names of the nodes using them stay with those entitled to the file.
 */
export function publicRequirements(requirements: Requirements): Requirements {
  return {
    credentials: requirements.credentials.map(({ app, type }) => ({ app, type, names: [], nodes: [] })),
    communityPackages: requirements.communityPackages,
    nodeTypeVersions: requirements.nodeTypeVersions,
  };
}

import {
  BUNDLE_SEARCH_LIMIT,
  bundleAmountDue,
  isUuid,
  slugify,
  type BundleCard,
  type BundleDetail,
  type BundlesQuery,
  type ListingLanguage,
  type CreateBundleInput,
  type UpdateBundleInput,
} from '@flowbay/domain';
import { isAdmin, isSignedIn, type Viewer } from '../../infra/request-viewer.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { BundleItemRow, BundleRow, BundlesRepository } from './bundles.repository.ts';

const bundleNotFound = () => notFound('BUNDLE_NOT_FOUND', 'Bundle not found');

type Found = { bundle: BundleRow; sellerName: string };

/**
 * Bundles (docs/decisions, bundles): a seller groups their own listed workflows at one price. A bundle
 * only groups listings an admin already approved, so it is not reviewed again; an admin may still edit,
 * unlist or delete any bundle. A bundle is for sale while it is listed and every item is still listed.
 */
export function createBundlesService(deps: {
  repository: BundlesRepository;
  catalog: Pick<CatalogService, 'cards'>;
  clock: () => Date;
}) {
  const { repository, catalog, clock } = deps;

  function toCard({ bundle, sellerName }: Found, items: BundleItemRow[]): BundleCard {
    const itemsPrice = items.reduce((sum, item) => sum + item.price, 0);
    return {
      id: bundle.id,
      slug: bundle.slug,
      title: bundle.title,
      description: bundle.description,
      price: bundle.price,
      status: bundle.status,
      seller: { id: bundle.sellerId, name: sellerName },
      item_count: items.length,
      items_price: itemsPrice,
      savings: Math.max(0, itemsPrice - bundle.price),
      for_sale: bundle.status === 'listed' && items.length > 0 && items.every((item) => item.listed),
      created_at: bundle.createdAt.toISOString(),
      updated_at: bundle.updatedAt.toISOString(),
    };
  }

  async function cardsOf(rows: Found[]): Promise<BundleCard[]> {
    const items = await repository.itemsOf(rows.map((row) => row.bundle.id));
    return rows.map((row) =>
      toCard(
        row,
        items.filter((item) => item.bundleId === row.bundle.id),
      ),
    );
  }

  const canManage = (viewer: Viewer, bundle: BundleRow) =>
    isSignedIn(viewer) && (viewer.id === bundle.sellerId || isAdmin(viewer));

  async function findRef(ref: string): Promise<Found | null> {
    return isUuid(ref) ? repository.find({ id: ref }) : repository.find({ slug: ref.toLowerCase() });
  }

  /**
   * The items must be `sellerId`'s own listed workflows, and the price below what they cost one by one
   * (the seller may group free workflows with paid ones).
   */
  async function checkItems(sellerId: string, workflowIds: string[], price: number) {
    const found = await repository.workflowsOf(workflowIds);
    const valid = found.filter(
      (workflow) => workflow.userId === sellerId && workflow.status === 'listed' && !workflow.deletedAt,
    );
    if (valid.length !== workflowIds.length) {
      throw new AppError('BUNDLE_ITEMS_INVALID', 'Every item must be one of your listed workflows');
    }
    const itemsPrice = valid.reduce((sum, workflow) => sum + workflow.price, 0);
    if (price >= itemsPrice) {
      throw new AppError(
        'BUNDLE_PRICE_TOO_HIGH',
        'The bundle price must be below the items bought one by one',
      );
    }
  }

  async function freeSlug(title: string): Promise<string> {
    const base = slugify(title).slice(0, 70) || 'bundle';
    if (!(await repository.slugTaken(base))) return base;
    for (let n = 2; n < 50; n += 1) {
      if (!(await repository.slugTaken(`${base}-${n}`))) return `${base}-${n}`;
    }
    return `${base}-${Date.now().toString(36)}`;
  }

  /** The bundle as its page shows it: cards of its listed items and what the caller would pay. */
  async function detailOf(found: Found, viewer: Viewer, wanted?: ListingLanguage): Promise<BundleDetail> {
    const items = await repository.itemsOf([found.bundle.id]);
    const card = toCard(found, items);
    const shown = items.filter((item) => item.listed).map((item) => item.workflowId);
    const workflows = shown.length ? await catalog.cards(shown, wanted) : [];
    let offer: BundleDetail['offer'] = null;
    if (isSignedIn(viewer)) {
      const own = viewer.id === found.bundle.sellerId;
      const owned = await repository.ownedAmong(
        viewer.id,
        items.map((item) => item.workflowId),
      );
      const amountDue = own
        ? 0
        : bundleAmountDue(
            found.bundle.price,
            items.map((item) => ({ listPrice: item.price, owned: owned.has(item.workflowId) })),
          );
      offer = {
        owned_workflow_ids: [...owned],
        amount_due: amountDue,
        already_owned: !own && amountDue === 0,
        own,
      };
    }
    return {
      ...card,
      workflows,
      workflow_ids: items.map((item) => item.workflowId),
      offer,
    };
  }

  /** The bundle `ref` for a write: its seller's or an admin's (anyone else 403, unseen ones 404). */
  async function forWrite(viewer: Viewer, ref: string): Promise<Found> {
    const user = requireUser(viewer);
    const found = await findRef(ref);
    if (!found) throw bundleNotFound();
    if (!canManage(user, found.bundle)) {
      if (found.bundle.status !== 'listed') throw bundleNotFound();
      throw forbidden();
    }
    return found;
  }

  return {
    /** A seller's new bundle, listed at once unless they ask otherwise (no review: see above). */
    async create(
      viewer: Viewer,
      input: CreateBundleInput & { description: string; status: 'listed' | 'unlisted' },
    ) {
      const seller = requireUser(viewer);
      await checkItems(seller.id, input.workflow_ids, input.price);
      const now = clock();
      const row = await repository.insert(
        {
          sellerId: seller.id,
          slug: await freeSlug(input.title),
          title: input.title,
          description: input.description,
          price: input.price,
          status: input.status,
          createdAt: now,
          updatedAt: now,
        },
        input.workflow_ids,
      );
      return detailOf((await repository.find({ id: row.id }))!, viewer);
    },

    async update(viewer: Viewer, ref: string, input: UpdateBundleInput) {
      const found = await forWrite(viewer, ref);
      const { bundle } = found;
      const workflowIds =
        input.workflow_ids ?? (await repository.itemsOf([bundle.id])).map((item) => item.workflowId);
      // Items, price or both changed: the rules hold for the result (a listed bundle's, or a relisted one's).
      if (input.workflow_ids || input.price !== undefined || input.status === 'listed') {
        await checkItems(bundle.sellerId, workflowIds, input.price ?? bundle.price);
      }
      await repository.update(
        bundle.id,
        {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.price !== undefined ? { price: input.price } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          updatedAt: clock(),
        },
        input.workflow_ids,
      );
      return detailOf((await repository.find({ id: bundle.id }))!, viewer);
    },

    async remove(viewer: Viewer, ref: string) {
      const { bundle } = await forWrite(viewer, ref);
      await repository.softDelete(bundle.id, clock());
      return { id: bundle.id, deleted: true as const };
    },

    /**
     * A bundle's page: anyone sees a bundle for sale; its seller and admins see it whatever its state
     * (anyone else gets 404 for an unlisted one, or one with an item no longer listed).
     */
    async get(viewer: Viewer, ref: string, wanted?: ListingLanguage): Promise<BundleDetail> {
      const found = await findRef(ref);
      if (!found) throw bundleNotFound();
      const detail = await detailOf(found, viewer, wanted);
      if (!detail.for_sale && !canManage(viewer, found.bundle)) throw bundleNotFound();
      return detail;
    },

    async listOwn(viewer: Viewer) {
      const seller = requireUser(viewer);
      return { bundles: await cardsOf(await repository.listOwn(seller.id)) };
    },

    /** The catalogue's bundles: those for sale whose title or description holds the words searched. */
    async search(query: BundlesQuery) {
      const rows = await repository.searchListed(query.search, BUNDLE_SEARCH_LIMIT * 3);
      const cards = await cardsOf(rows);
      return { bundles: cards.filter((card) => card.for_sale).slice(0, BUNDLE_SEARCH_LIMIT) };
    },
  };
}

export type BundlesService = ReturnType<typeof createBundlesService>;

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ORDER_TTL_MINUTES,
  bundleAmountDue,
  isUuid,
  splitProRata,
  type CreateOrderBody,
  type LicenceTier,
} from '@flowbay/domain';
import {
  bundleItems,
  bundleOrderItems,
  bundles,
  orders,
  purchases,
  user,
  workflows,
} from '../../db/schema.ts';
import { publicName } from '../../db/fragments.ts';
import type { Database } from '../../db/client.ts';
import type { Queryable } from '../../infra/jobs/jobs.repository.ts';
import type { PaymentProviders } from '../../infra/payments/providers.ts';
import type { Viewer } from '../../infra/request-viewer.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireUser } from '../../lib/guards.ts';
import { runCheckout, type CheckoutLoopDeps } from './checkout-loop.ts';
import type { AutoRefundKind } from './orders.mail.ts';
import type { OrderRow, OrderWrites, OrdersRepository } from './orders.repository.ts';

/**
 * Bundle orders (docs/decisions, bundles): an order row like any other, with `bundle_id` set, its
 * workflow the dearest item it grants and its title the bundle's. What it grants is fixed when it is
 * placed (bundle_order_items); payment grants each of those the buyer still lacks, a refund revokes
 * what it granted (the entitlements carry the order's id), and the ledger books one sale of the
 * order's amount, so fee, withholding and share are split exactly as for one workflow.
 */

const MINUTE = 60 * 1000;
const bundleNotFound = () => notFound('BUNDLE_NOT_FOUND', 'Bundle not found');

interface BundleItemForSale {
  workflowId: string;
  title: string;
  listPrice: number;
  listed: boolean;
}

/** A bundle as checkout reads it: its row, its seller's public name and its items in order. */
async function findBundleForSale(db: Pick<Database, 'select'>, bundleId: string) {
  const [bundle] = await db
    .select({
      id: bundles.id,
      title: bundles.title,
      price: bundles.price,
      status: bundles.status,
      deletedAt: bundles.deletedAt,
      sellerId: bundles.sellerId,
      sellerName: publicName(sql`'Flowbay'`),
    })
    .from(bundles)
    .innerJoin(user, eq(user.id, bundles.sellerId))
    .where(eq(bundles.id, bundleId));
  if (!bundle) return null;
  const items: BundleItemForSale[] = (
    await db
      .select({
        workflowId: workflows.id,
        title: workflows.title,
        listPrice: workflows.price,
        status: workflows.status,
        deletedAt: workflows.deletedAt,
        userId: workflows.userId,
      })
      .from(bundleItems)
      .innerJoin(workflows, eq(workflows.id, bundleItems.workflowId))
      .where(eq(bundleItems.bundleId, bundleId))
      .orderBy(bundleItems.position)
  ).map((row) => ({
    workflowId: row.workflowId,
    title: row.title,
    listPrice: row.listPrice,
    listed: row.status === 'listed' && !row.deletedAt && row.userId === bundle.sellerId,
  }));
  return {
    ...bundle,
    items,
    forSale: bundle.status === 'listed' && !bundle.deletedAt && items.every((i) => i.listed),
  };
}

async function ownedAmong(db: Pick<Database, 'select'>, buyerId: string, workflowIds: string[]) {
  if (workflowIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ workflowId: purchases.workflowId })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, buyerId),
        inArray(purchases.workflowId, workflowIds),
        isNull(purchases.revokedAt),
      ),
    );
  return new Set(rows.map((row) => row.workflowId));
}

export interface BundleGrant {
  workflowId: string;
  listPrice: number;
  amount: number;
}

/**
 * What the buyer pays for the bundle now and what it grants: every item they lack, each with its part
 * of the amount (pro-rata by list price, exact to the đồng, the remainder on the dearest). The
 * dearest item comes first: it is the order's workflow.
 */
export function bundleOffer(
  bundle: { price: number; items: BundleItemForSale[] },
  owned: Set<string>,
): { amount: number; grants: BundleGrant[] } {
  const amount = bundleAmountDue(
    bundle.price,
    bundle.items.map((item) => ({ listPrice: item.listPrice, owned: owned.has(item.workflowId) })),
  );
  if (amount === 0) return { amount, grants: [] };
  const lacking = bundle.items
    .filter((item) => !owned.has(item.workflowId))
    .sort((a, b) => b.listPrice - a.listPrice);
  const parts = splitProRata(
    amount,
    lacking.map((item) => item.listPrice),
  );
  return {
    amount,
    grants: lacking.map((item, index) => ({
      workflowId: item.workflowId,
      listPrice: item.listPrice,
      amount: parts[index]!,
    })),
  };
}

/** Reads and writes of bundle orders inside an order's transaction. */
function bundleWrites(tx: Queryable) {
  return {
    findPending: async (buyerId: string, bundleId: string): Promise<OrderRow | null> => {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.buyerId, buyerId), eq(orders.bundleId, bundleId), eq(orders.state, 'pending')));
      return row ?? null;
    },
    insertGrants: async (orderId: string, grants: BundleGrant[]) => {
      await tx.insert(bundleOrderItems).values(grants.map((grant) => ({ orderId, ...grant })));
    },
    grantsOf: async (orderId: string): Promise<BundleGrant[]> =>
      tx
        .select({
          workflowId: bundleOrderItems.workflowId,
          listPrice: bundleOrderItems.listPrice,
          amount: bundleOrderItems.amount,
        })
        .from(bundleOrderItems)
        .where(eq(bundleOrderItems.orderId, orderId)),
  };
}

/**
 * Whether a bundle payment must go back, read under the order's lock (applyPayment's rule for a bundle):
 * the buyer is gone; the bundle or one of the workflows it grants is no longer for sale; or the buyer
 * now owns every workflow it grants. Owning some of them meanwhile still buys the rest.
 */
export async function bundleRefundFor(tx: OrderWrites, order: OrderRow): Promise<AutoRefundKind | null> {
  if (!order.buyerId) return 'buyer_deleted';
  const bundle = order.bundleId ? await findBundleForSale(tx.queryable, order.bundleId) : null;
  const grants = await bundleWrites(tx.queryable).grantsOf(order.id);
  if (!bundle || !bundle.forSale || grants.length === 0) return 'workflow_unavailable';
  const owned = await ownedAmong(
    tx.queryable,
    order.buyerId,
    grants.map((grant) => grant.workflowId),
  );
  return owned.size === grants.length ? 'already_owned' : null;
}

/**
 * The licence a bundle grants of each workflow in it (decision 0160): always Personal. A refunded
 * entitlement it restores is Personal too, whatever tier the refunded order had bought.
 */
const BUNDLE_LICENCE = 'personal' satisfies LicenceTier;

/**
 * A paid bundle order's entitlements: one per workflow it grants that the buyer lacks, restoring a
 * refunded one; each carries the order's id (so the order's refund revokes exactly these) and its
 * part of the amount. An entitlement the buyer holds already is left as it is.
 */
export async function grantBundle(tx: OrderWrites, order: OrderRow, now: Date) {
  if (!order.buyerId) return;
  for (const grant of await bundleWrites(tx.queryable).grantsOf(order.id)) {
    await tx.queryable
      .insert(purchases)
      .values({
        userId: order.buyerId,
        workflowId: grant.workflowId,
        amount: grant.amount,
        provider: order.provider,
        providerRef: order.providerRef,
        orderId: order.id,
        licence: BUNDLE_LICENCE,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [purchases.userId, purchases.workflowId],
        set: {
          revokedAt: null,
          orderId: order.id,
          licence: BUNDLE_LICENCE,
          amount: grant.amount,
          provider: order.provider,
          providerRef: order.providerRef,
          createdAt: now,
        },
        setWhere: sql`${purchases.revokedAt} is not null`,
      });
  }
}

export interface BundleCheckoutDeps extends CheckoutLoopDeps {
  repository: OrdersRepository;
  providers: PaymentProviders;
  clock: () => Date;
  newOrderCode: () => string;
}

/**
 * Checkout of a bundle: like a workflow's (one open checkout per buyer and bundle, reused while it can
 * still be paid at the same amount), priced inside the buyer's checkout lock from what they own then.
 */
export function createBundleCheckout(deps: BundleCheckoutDeps) {
  const { repository, providers, clock } = deps;
  return async function checkoutBundle(viewer: Viewer, body: CreateOrderBody, clientIp: string) {
    const buyer = requireUser(viewer);
    const provider = providers.get(body.provider);
    if (!provider) throw new AppError('PROVIDER_UNAVAILABLE', 'This payment method is not available');
    const bundleId = body.bundle_id ?? '';
    const bundle = isUuid(bundleId)
      ? await repository.transaction((tx) => findBundleForSale(tx.queryable, bundleId))
      : null;
    if (!bundle || bundle.deletedAt || (bundle.status !== 'listed' && bundle.sellerId !== buyer.id)) {
      throw bundleNotFound();
    }
    if (bundle.sellerId === buyer.id) throw new AppError('OWN_BUNDLE', 'You cannot buy your own bundle');
    if (!bundle.forSale) throw new AppError('BUNDLE_NOT_FOR_SALE', 'This bundle is not for sale');
    const profile = await repository.findUser(buyer.id);
    if (!profile) throw new AppError('UNAUTHENTICATED', 'You need to sign in');
    return runCheckout(deps, { provider, body, clientIp }, async (tx, step) => {
      await tx.lockCheckout(buyer.id, bundle.id);
      const writes = bundleWrites(tx.queryable);
      const owned = await ownedAmong(
        tx.queryable,
        buyer.id,
        bundle.items.map((item) => item.workflowId),
      );
      const offer = bundleOffer(bundle, owned);
      if (offer.amount === 0) {
        throw new AppError('BUNDLE_ALREADY_OWNED', 'You already own enough of this bundle');
      }
      const now = clock();
      const pending = await writes.findPending(buyer.id, bundle.id);
      const answered = await step.reuseOrClose(pending, pending?.amount === offer.amount, now);
      if (answered) return answered;
      const placed = await tx.insertOrder({
        code: deps.newOrderCode(),
        buyerId: buyer.id,
        buyerEmail: profile.email,
        buyerName: profile.name || profile.email,
        buyerLanguage: profile.locale,
        workflowId: offer.grants[0]!.workflowId,
        workflowTitle: bundle.title,
        sellerId: bundle.sellerId,
        sellerName: bundle.sellerName,
        amount: offer.amount,
        bundleId: bundle.id,
        provider: provider.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ORDER_TTL_MINUTES * MINUTE),
        updatedAt: now,
      });
      await writes.insertGrants(placed.id, offer.grants);
      return step.openPayment(placed);
    });
  };
}

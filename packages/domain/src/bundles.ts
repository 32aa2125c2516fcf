import { z } from 'zod';
import { WorkflowCard } from './api.ts';
import { stripBidiControls } from './bidi.ts';
import { PAID_PRICE_MIN, PRICE_MAX, TITLE_MAX } from './limits.ts';
import { VALIDATION_KEYS } from './publishing.ts';

/**
 * Bundles: a seller's own listed workflows sold together at one price (docs/decisions, bundles).
 * A buyer who already owns some of them pays the bundle price less those items' list prices.
 */
export const BUNDLE_ITEMS_MIN = 2;
export const BUNDLE_ITEMS_MAX = 20;
export const BUNDLE_DESCRIPTION_MAX = 5000;
/** How many bundles the catalogue's search shows above its workflows. */
export const BUNDLE_SEARCH_LIMIT = 6;
export const BUNDLE_STATUSES = ['listed', 'unlisted'] as const;
export const BundleStatus = z.enum(BUNDLE_STATUSES);
export type BundleStatus = z.infer<typeof BundleStatus>;

const K = VALIDATION_KEYS;
const title = z
  .string({ error: K.titleMin })
  .overwrite(stripBidiControls)
  .trim()
  .min(3, { error: K.titleMin })
  .max(TITLE_MAX, { error: K.titleMax });
const description = z
  .string({ error: K.descriptionMax })
  .trim()
  .max(BUNDLE_DESCRIPTION_MAX, { error: K.descriptionMax });
/** A bundle is always paid: at least the smallest paid price. */
const price = z
  .number({ error: K.priceWhole })
  .int({ error: K.priceWhole })
  .min(PAID_PRICE_MIN, { error: K.priceMin })
  .max(PRICE_MAX, { error: K.priceMax });
const workflowIds = z
  .array(z.uuid())
  .min(BUNDLE_ITEMS_MIN)
  .max(BUNDLE_ITEMS_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate workflow' });

export const CreateBundleInput = z.object({
  title,
  description: description.default(''),
  price,
  workflow_ids: workflowIds,
  status: BundleStatus.default('listed'),
});
export type CreateBundleInput = z.input<typeof CreateBundleInput>;

export const UpdateBundleInput = z.object({
  title: title.optional(),
  description: description.optional(),
  price: price.optional(),
  workflow_ids: workflowIds.optional(),
  status: BundleStatus.optional(),
});
export type UpdateBundleInput = z.input<typeof UpdateBundleInput>;

/** A bundle in a path: its id or its slug. */
export const BundleRefParams = z.object({ id: z.string().trim().min(1).max(200) });

export const BundlesQuery = z.object({ search: z.string().trim().max(200).optional() });
export type BundlesQuery = z.infer<typeof BundlesQuery>;

/** A bundle's card: what the catalogue's search and the seller's list show. */
export const BundleCard = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number().int(),
  status: BundleStatus,
  seller: z.object({ id: z.string(), name: z.string() }),
  item_count: z.number().int(),
  /** The items' list prices added up: what buying them one by one costs. */
  items_price: z.number().int(),
  /** items_price − price, never below 0. */
  savings: z.number().int(),
  /** Whether it can be bought now (listed, and every item still listed). */
  for_sale: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BundleCard = z.infer<typeof BundleCard>;

export const BundleList = z.object({ bundles: z.array(BundleCard) });
export type BundleList = z.infer<typeof BundleList>;

/** What the signed-in caller would pay: the bundle price less the list prices of the items they own. */
export const BundleOffer = z.object({
  owned_workflow_ids: z.array(z.string()),
  amount_due: z.number().int(),
  /** Nothing left to pay: they own enough of it already (checkout refuses with BUNDLE_ALREADY_OWNED). */
  already_owned: z.boolean(),
  /** The seller looking at their own bundle. */
  own: z.boolean(),
});
export type BundleOffer = z.infer<typeof BundleOffer>;

export const BundleDetail = BundleCard.extend({
  /** The items' cards, in the seller's order; the ids of every item, shown or not. */
  workflows: z.array(WorkflowCard),
  workflow_ids: z.array(z.string()),
  /** Null for an anonymous caller (who pays the full price). */
  offer: BundleOffer.nullable(),
});
export type BundleDetail = z.infer<typeof BundleDetail>;

export const BundleDeleted = z.object({ id: z.string(), deleted: z.literal(true) });

/**
 * What a buyer pays for a bundle (the rule of docs/decisions, bundles): the bundle price less the
 * list prices of the items they already own. Nothing is left to pay (0) when that is 0 or less, or
 * when every item they lack is free. A positive remainder is never below the smallest paid price
 * (what a payment can carry) nor above what the items they lack cost one by one.
 */
export function bundleAmountDue(
  bundlePrice: number,
  items: readonly { listPrice: number; owned: boolean }[],
): number {
  const sum = (list: readonly { listPrice: number }[]) =>
    list.reduce((total, item) => total + item.listPrice, 0);
  const lacking = sum(items.filter((item) => !item.owned));
  const remainder = bundlePrice - sum(items.filter((item) => item.owned));
  if (remainder <= 0 || lacking <= 0) return 0;
  return Math.min(lacking, Math.max(PAID_PRICE_MIN, remainder));
}

/**
 * An amount split across items pro-rata by their list prices, exact to the đồng: each part is
 * floored and the remainder goes to the dearest item (the first of equals). Items all free share
 * it equally the same way.
 */
export function splitProRata(amount: number, listPrices: readonly number[]): number[] {
  if (listPrices.length === 0) return [];
  const total = listPrices.reduce((sum, listPrice) => sum + listPrice, 0);
  const weights = total > 0 ? listPrices : listPrices.map(() => 1);
  const weightSum = total > 0 ? total : listPrices.length;
  // In BigInt: amount × weight can pass 2^53 (100,000,000 × 100,000,000).
  const parts = weights.map((weight) => Number((BigInt(amount) * BigInt(weight)) / BigInt(weightSum)));
  const remainder = amount - parts.reduce((sum, part) => sum + part, 0);
  let largest = 0;
  weights.forEach((weight, index) => {
    if (weight > weights[largest]!) largest = index;
  });
  parts[largest]! += remainder;
  return parts;
}

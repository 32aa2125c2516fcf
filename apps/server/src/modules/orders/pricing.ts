import {
  LICENCE_TIERS,
  PAID_PRICE_MIN,
  discountOff,
  licenceRank,
  licenceText,
  tierPrice,
  type LicenceOffer,
  type LicenceTier,
  type Quote,
  type TierPrices,
} from '@flowbay/domain';
import { AppError } from '../../lib/errors.ts';
import type { DiscountCodeRow, licenceReads } from './licences.repository.ts';
import type { OrderRow } from './orders.repository.ts';

type Reads = Pick<ReturnType<typeof licenceReads>, 'ownedLicence' | 'findCode'>;

/** What an order for a tier costs the buyer (decision 0159). */
export interface Pricing {
  licence: LicenceTier;
  upgradeFrom: LicenceTier | null;
  listPrice: number;
  /** The list price, or for an upgrade the difference from the tier held. */
  subtotal: number;
  code: DiscountCodeRow | null;
  discountAmount: number;
  amount: number;
}

/** The tiers a workflow sells, with their prices and licence texts in both languages. */
export function licenceOffers(prices: TierPrices): LicenceOffer[] {
  return LICENCE_TIERS.flatMap((tier) => {
    const price = tierPrice(prices, tier);
    if (price === null || price <= 0) return [];
    return [
      {
        tier,
        price,
        agency_clients: tier === 'agency' ? prices.agencyClients : null,
        text: {
          en: licenceText(tier, 'en', prices.agencyClients),
          vi: licenceText(tier, 'vi', prices.agencyClients),
        },
      },
    ];
  });
}

/** What an upgrade from the tier held to a tier listed at `listPrice` costs before a code. */
function upgradeDifference(prices: TierPrices, owned: LicenceTier, listPrice: number): number {
  // A tier the seller no longer offers counts at the Personal price.
  const held = tierPrice(prices, owned) ?? prices.price;
  return Math.max(listPrice - held, Math.min(listPrice, PAID_PRICE_MIN));
}

/** The higher tiers a holder of `owned` may upgrade to, each with the difference to pay (no code). */
export function upgradeOffers(
  prices: TierPrices,
  owned: LicenceTier,
): { tier: LicenceTier; amount: number }[] {
  return licenceOffers(prices)
    .filter((offer) => licenceRank(offer.tier) > licenceRank(owned))
    .map((offer) => ({ tier: offer.tier, amount: upgradeDifference(prices, owned, offer.price) }));
}

/** Whether a code may be used on this workflow now (its uses are checked apart). */
function usable(code: DiscountCodeRow | null, workflowId: string, now: Date): code is DiscountCodeRow {
  return (
    code !== null &&
    code.deactivatedAt === null &&
    code.startsAt.getTime() <= now.getTime() &&
    now.getTime() < code.endsAt.getTime() &&
    (code.workflowIds === null || code.workflowIds.includes(workflowId))
  );
}

/**
 * Prices an order: the tier must be offered; a buyer who holds a lower tier pays the difference
 * between the tiers' prices (an upgrade), one who holds this tier or a higher one is refused; a code
 * of the workflow's seller takes its discount off what is owed. Throws the error the buyer sees.
 */
export async function priceOrder(
  reads: Reads,
  input: {
    buyerId: string | null;
    workflow: TierPrices & { id: string; sellerId: string };
    licence: LicenceTier;
    code: string | undefined;
    now: Date;
  },
): Promise<Pricing> {
  const { workflow, licence, now } = input;
  const listPrice = tierPrice(workflow, licence);
  if (listPrice === null || listPrice <= 0) {
    throw new AppError('LICENCE_NOT_OFFERED', 'This workflow does not offer that licence');
  }
  const owned = input.buyerId ? await reads.ownedLicence(input.buyerId, workflow.id) : null;
  let subtotal = listPrice;
  if (owned === licence) throw new AppError('ALREADY_PURCHASED', 'You already own this workflow');
  if (owned !== null) {
    if (licenceRank(owned) > licenceRank(licence)) {
      throw new AppError('LICENCE_ALREADY_OWNED', 'You already hold this licence or a higher one');
    }
    subtotal = upgradeDifference(workflow, owned, listPrice);
  }
  let code: DiscountCodeRow | null = null;
  let discountAmount = 0;
  if (input.code) {
    const found = await reads.findCode(workflow.sellerId, input.code);
    if (!usable(found, workflow.id, now)) {
      throw new AppError('DISCOUNT_CODE_INVALID', 'This discount code is not valid for this workflow');
    }
    if (found.uses >= found.maxUses) {
      throw new AppError('DISCOUNT_CODE_USED_UP', 'This discount code has no uses left');
    }
    code = found;
    discountAmount = discountOff(subtotal, found.kind, found.value);
  }
  return {
    licence,
    upgradeFrom: owned,
    listPrice,
    subtotal,
    code,
    discountAmount,
    amount: subtotal - discountAmount,
  };
}

/** The order's columns for a pricing. */
export function orderPricing(pricing: Pricing) {
  return {
    amount: pricing.amount,
    licence: pricing.licence,
    upgradeFrom: pricing.upgradeFrom,
    listPrice: pricing.listPrice,
    discountCodeId: pricing.code?.id ?? null,
    discountCode: pricing.code?.code ?? null,
    discountAmount: pricing.discountAmount,
    discountUseHeld: pricing.code !== null,
  };
}

/** Whether an open order was priced as this one (else it is closed and a new one placed). */
export function samePricing(order: OrderRow, pricing: Pricing): boolean {
  return (
    order.licence === pricing.licence &&
    order.amount === pricing.amount &&
    (order.discountCode ?? null) === (pricing.code?.code ?? null)
  );
}

/**
 * Whether a verified payment for the order would buy nothing: the buyer already owns the workflow,
 * or for an upgrade, no longer holds a lower tier (refunded, or upgraded by another order).
 */
export async function alreadyHolds(reads: Pick<Reads, 'ownedLicence'>, order: OrderRow): Promise<boolean> {
  if (!order.buyerId) return false;
  const owned = await reads.ownedLicence(order.buyerId, order.workflowId);
  if (!order.upgradeFrom) return owned !== null;
  return owned === null || licenceRank(owned) >= licenceRank(order.licence);
}

export function toQuote(workflow: TierPrices & { id: string }, pricing: Pricing): Quote {
  return {
    workflow_id: workflow.id,
    licence: pricing.licence,
    upgrade_from: pricing.upgradeFrom,
    list_price: pricing.listPrice,
    subtotal: pricing.subtotal,
    discount_code: pricing.code?.code ?? null,
    discount_amount: pricing.discountAmount,
    amount: pricing.amount,
    currency: 'VND',
    licences: licenceOffers(workflow),
  };
}

import { z } from 'zod';
import { PAID_PRICE_MIN, PRICE_MAX } from './limits.ts';

/**
 * Licence tiers (decision 0159): every paid workflow sells a Personal licence at its price; a seller
 * may add a Commercial and an Agency licence, each at its own price. Amounts are whole đồng.
 */
export const LICENCE_TIERS = ['personal', 'commercial', 'agency'] as const;
export const LicenceTier = z.enum(LICENCE_TIERS);
export type LicenceTier = z.infer<typeof LicenceTier>;

/** The order of the tiers: a buyer may upgrade only to a higher one. */
export function licenceRank(tier: LicenceTier): number {
  return LICENCE_TIERS.indexOf(tier);
}

/** How many clients an Agency licence may cover, at most. */
export const AGENCY_CLIENTS_MAX = 1000;

/** The tiers a workflow offers and their prices (Personal is the listing's price). */
export interface TierPrices {
  price: number;
  commercialPrice: number | null;
  agencyPrice: number | null;
  agencyClients: number | null;
}

/** The price of a tier, or null when the workflow does not offer it. */
export function tierPrice(prices: TierPrices, tier: LicenceTier): number | null {
  if (tier === 'personal') return prices.price;
  if (tier === 'commercial') return prices.commercialPrice;
  return prices.agencyPrice;
}

/**
 * Whether the tiers' prices make sense: higher tiers are offered only for a paid workflow, each is a
 * paid price above the tier below it, and an Agency licence names how many clients it covers.
 */
export function tierPricesProblem(
  prices: TierPrices,
): 'tiersNeedPrice' | 'tierPriceOrder' | 'agencyClients' | null {
  const { price, commercialPrice, agencyPrice, agencyClients } = prices;
  if ((commercialPrice !== null || agencyPrice !== null) && price <= 0) return 'tiersNeedPrice';
  let below = price;
  for (const next of [commercialPrice, agencyPrice]) {
    if (next === null) continue;
    if (next < below + PAID_PRICE_MIN || next > PRICE_MAX) return 'tierPriceOrder';
    below = next;
  }
  if (agencyPrice !== null && (agencyClients === null || agencyClients < 1)) return 'agencyClients';
  return null;
}

/** Each tier's licence text, in both languages (also on the terms page). */
export const LICENCE_TEXTS: Record<LicenceTier, { en: string; vi: string }> = {
  personal: {
    en: 'Personal licence: you may import and run this workflow for yourself, in your own accounts, for your own projects. You may change it for your own use. You may not use it to serve a business other than your own sole proprietorship, and you may not resell, share or publish the file or a copy of it.',
    vi: 'Giấy phép Cá nhân: bạn được nhập và chạy quy trình này cho chính mình, trong tài khoản của mình, cho các dự án của mình. Bạn được sửa đổi để tự dùng. Bạn không được dùng nó để phục vụ doanh nghiệp nào khác ngoài hộ kinh doanh của chính bạn, và không được bán lại, chia sẻ hay công bố tệp hoặc bản sao của tệp.',
  },
  commercial: {
    en: 'Commercial licence: one business (the buyer or the company they act for) may import, change and run this workflow in its own operations, by any number of its staff. You may not deploy it for other businesses, and you may not resell, share or publish the file or a copy of it.',
    vi: 'Giấy phép Thương mại: một doanh nghiệp (người mua hoặc công ty mà họ đại diện) được nhập, sửa đổi và chạy quy trình này trong hoạt động của chính mình, với bất kỳ số nhân viên nào. Bạn không được triển khai nó cho doanh nghiệp khác, và không được bán lại, chia sẻ hay công bố tệp hoặc bản sao của tệp.',
  },
  agency: {
    en: 'Agency licence: you may deploy and adapt this workflow for up to {clients} clients of yours, each in its own accounts, and run it for them. Each deployment counts as one client for as long as it runs. You may not hand the file itself to a client to reuse elsewhere, and you may not resell, share or publish it.',
    vi: 'Giấy phép Agency: bạn được triển khai và điều chỉnh quy trình này cho tối đa {clients} khách hàng của bạn, mỗi khách hàng trong tài khoản riêng, và vận hành cho họ. Mỗi lần triển khai tính là một khách hàng trong suốt thời gian nó chạy. Bạn không được giao chính tệp cho khách hàng để dùng lại nơi khác, và không được bán lại, chia sẻ hay công bố nó.',
  },
};

/** The licence text of a tier in a language, with the Agency licence's client count filled in. */
export function licenceText(tier: LicenceTier, language: 'en' | 'vi', agencyClients: number | null): string {
  return LICENCE_TEXTS[tier][language].replace('{clients}', String(agencyClients ?? 1));
}

/** A tier's name, in both languages. */
export const LICENCE_NAMES: Record<LicenceTier, { en: string; vi: string }> = {
  personal: { en: 'Personal', vi: 'Cá nhân' },
  commercial: { en: 'Commercial', vi: 'Thương mại' },
  agency: { en: 'Agency', vi: 'Agency' },
};

// ── Discount codes ──────────────────────────────────────────────────────────

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export const DiscountKind = z.enum(DISCOUNT_KINDS);
export type DiscountKind = z.infer<typeof DiscountKind>;
export const DISCOUNT_CODE_RE = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const DISCOUNT_CODE_USES_MAX = 100_000;

/** A code as typed: trimmed, upper case. */
export const discountCodeText = z
  .string()
  .trim()
  .max(32)
  .transform((value) => value.toUpperCase());

/**
 * What a code takes off a price: a percent rounds down to whole đồng, a fixed amount is at most the
 * price. The buyer always pays at least PAID_PRICE_MIN (the providers' minimum), so a discount never
 * brings a paid price below it.
 */
export function discountOff(price: number, kind: DiscountKind, value: number): number {
  const raw = kind === 'percent' ? Math.floor((price * value) / 100) : value;
  return Math.max(0, Math.min(raw, price - Math.min(price, PAID_PRICE_MIN)));
}

export const CreateDiscountCodeBody = z
  .object({
    code: discountCodeText.pipe(z.string().regex(DISCOUNT_CODE_RE)),
    kind: DiscountKind,
    value: z.number().int().min(1).max(PRICE_MAX),
    /** Null or absent: every one of the seller's workflows. */
    workflow_ids: z.array(z.string().uuid()).min(1).max(100).nullish(),
    max_uses: z.number().int().min(1).max(DISCOUNT_CODE_USES_MAX),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
  })
  .refine((body) => body.kind !== 'percent' || body.value <= 100, { path: ['value'] })
  .refine((body) => Date.parse(body.starts_at) < Date.parse(body.ends_at), { path: ['ends_at'] });
export type CreateDiscountCodeBody = z.infer<typeof CreateDiscountCodeBody>;

export const DiscountCode = z.object({
  id: z.string(),
  code: z.string(),
  kind: DiscountKind,
  value: z.number().int(),
  workflow_ids: z.array(z.string()).nullable(),
  max_uses: z.number().int(),
  uses: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  active: z.boolean(),
  deactivated_at: z.string().nullable(),
  created_at: z.string(),
});
export type DiscountCode = z.infer<typeof DiscountCode>;
export const DiscountCodeList = z.object({ codes: z.array(DiscountCode) });
export type DiscountCodeList = z.infer<typeof DiscountCodeList>;
export const DiscountCodeResponse = z.object({ code: DiscountCode });
export const DiscountCodeIdParams = z.object({ id: z.string().uuid() });

/** POST /api/orders/quote: the price of a tier, with a code, before paying. */
export const QuoteBody = z.object({
  workflow_id: z.string().trim().min(1).max(64),
  licence: LicenceTier.default('personal'),
  discount_code: discountCodeText.optional(),
});
export type QuoteBody = z.infer<typeof QuoteBody>;

export const LicenceOffer = z.object({
  tier: LicenceTier,
  price: z.number().int(),
  agency_clients: z.number().int().nullable(),
  text: z.object({ en: z.string(), vi: z.string() }),
});
export type LicenceOffer = z.infer<typeof LicenceOffer>;

export const Quote = z.object({
  workflow_id: z.string(),
  licence: LicenceTier,
  /** The tier the buyer owns, when this is an upgrade. */
  upgrade_from: LicenceTier.nullable(),
  list_price: z.number().int(),
  /** What is owed before a code: the list price, or for an upgrade the difference. */
  subtotal: z.number().int(),
  discount_code: z.string().nullable(),
  discount_amount: z.number().int(),
  amount: z.number().int(),
  currency: z.literal('VND'),
  licences: z.array(LicenceOffer),
});
export type Quote = z.infer<typeof Quote>;

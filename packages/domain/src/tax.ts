import { z } from 'zod';

/**
 * Tax withheld on sales (Decree 117/2025/ND-CP, decision 0150): for individual and household-business
 * sellers the platform keeps VAT and personal income tax from every sale and files them monthly.
 * Whole đồng throughout.
 */

/** Defaults of TAX_VAT_PERCENT and TAX_PIT_PERCENT: the rates for digital services. */
export const DEFAULT_TAX_VAT_PERCENT = 5;
export const DEFAULT_TAX_PIT_PERCENT = 2;

export const SELLER_TAX_KINDS = ['individual', 'household', 'company'] as const;
export const SellerTaxKind = z.enum(SELLER_TAX_KINDS);
export type SellerTaxKind = z.infer<typeof SellerTaxKind>;

/** Companies file their own taxes; the platform withholds for the other two kinds only. */
export const isWithheld = (kind: SellerTaxKind) => kind !== 'company';

/** A basis-point share of `price`, rounded half up to a whole đồng (as the fee, decision 0060). */
const share = (price: number, basisPoints: number) =>
  Number((BigInt(price) * BigInt(basisPoints) + 5_000n) / 10_000n);

export interface SaleSplit {
  fee: number;
  /** price − fee, before tax (what decision 0060 calls the seller's share). */
  sellerShare: number;
  vat: number;
  pit: number;
  /** What the seller is paid: price − fee − VAT − PIT. */
  net: number;
}

/**
 * The whole split of a sale. The fee, the VAT and the PIT are each the price times their rate,
 * rounded half up to a whole đồng; the seller gets the rest, so fee + VAT + PIT + net = price always.
 * If the three rates add up to 100 % the roundings could overshoot by a đồng: the PIT is then
 * capped so the net is never negative.
 */
export function splitSaleWithTax(
  price: number,
  rates: { feeBasisPoints: number; vatBasisPoints: number; pitBasisPoints: number },
): SaleSplit {
  const fee = share(price, rates.feeBasisPoints);
  const sellerShare = price - fee;
  const vat = Math.min(share(price, rates.vatBasisPoints), sellerShare);
  const pit = Math.min(share(price, rates.pitBasisPoints), sellerShare - vat);
  return { fee, sellerShare, vat, pit, net: sellerShare - vat - pit };
}

/** A 10-digit tax code (mã số thuế), or 13 with a branch suffix: `0123456789` / `0123456789-001`. */
export const TAX_CODE_RE = /^[0-9]{10}(-[0-9]{3})?$/;
/** A 12-digit citizen identity number (CCCD), which is also an individual's tax code since 2025. */
export const NATIONAL_ID_RE = /^[0-9]{12}$/;
export const LEGAL_NAME_MAX = 200;
export const TAX_ADDRESS_MAX = 300;

/**
 * `0123456789` → `•••••••789`, `0123456789-001` → `•••••••789-001`: every digit of the number but its
 * last three hidden; a branch suffix, which names no one, stays visible.
 */
export function maskTaxId(taxId: string): string {
  const [number = '', branch] = taxId.split('-');
  const masked = '•'.repeat(Math.max(number.length - 3, 0)) + number.slice(-3);
  return branch === undefined ? masked : `${masked}-${branch}`;
}

export const TaxProfileBody = z
  .object({
    kind: SellerTaxKind,
    legal_name: z.string().trim().min(2).max(LEGAL_NAME_MAX),
    tax_id: z
      .string()
      .max(40)
      .transform((value) => value.replace(/[\s.]/g, '')),
    address: z.string().trim().min(5).max(TAX_ADDRESS_MAX),
  })
  .superRefine((body, ctx) => {
    const taxCode = TAX_CODE_RE.test(body.tax_id);
    const nationalId = NATIONAL_ID_RE.test(body.tax_id);
    if (!taxCode && !nationalId) {
      ctx.addIssue({
        code: 'custom',
        path: ['tax_id'],
        message: 'a 10 or 13-digit tax code (0123456789 or 0123456789-001) or a 12-digit national ID',
      });
    } else if (body.kind === 'company' && !taxCode) {
      ctx.addIssue({ code: 'custom', path: ['tax_id'], message: 'a company needs its tax code' });
    }
  });
export type TaxProfileBody = z.input<typeof TaxProfileBody>;
export type TaxProfileInput = z.output<typeof TaxProfileBody>;

export const TaxProfile = z.object({
  kind: SellerTaxKind,
  legal_name: z.string(),
  /** Masked: the full number is only ever read by admins' reports. */
  tax_id_masked: z.string(),
  tax_id_type: z.enum(['tax_code', 'national_id']),
  address: z.string(),
  updated_at: z.string(),
});
export type TaxProfile = z.infer<typeof TaxProfile>;
export const TaxProfileResponse = z.object({ profile: TaxProfile.nullable() });
export type TaxProfileResponse = z.infer<typeof TaxProfileResponse>;

/** The rates a price field needs to show what the seller will receive (public). */
export const SellingRates = z.object({
  fee_percent: z.number(),
  vat_percent: z.number(),
  pit_percent: z.number(),
});
export type SellingRates = z.infer<typeof SellingRates>;

/** A seller's user id in an admin's address. */
export const SellerIdParams = z.object({ id: z.string().min(1).max(64) });

export const TaxMonthQuery = z.object({ month: z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/) });
export const TaxYearQuery = z.object({ year: z.coerce.number().int().min(2025).max(2100) });

/** What sales came to (gross) and the VAT and PIT withheld from them, whole đồng. */
const GrossAndWithheld = z.object({ gross: z.number().int(), vat: z.number().int(), pit: z.number().int() });

export const TaxReportRow = z.object({
  seller_id: z.string(),
  kind: SellerTaxKind,
  legal_name: z.string().nullable(),
  /** In full: only admins read the report. */
  tax_id: z.string().nullable(),
  ...GrossAndWithheld.shape,
});
export type TaxReportRow = z.infer<typeof TaxReportRow>;
export const TaxReport = z.object({
  month: z.string(),
  sellers: z.array(TaxReportRow),
  totals: GrossAndWithheld,
});
export type TaxReport = z.infer<typeof TaxReport>;

export const TaxStatement = z.object({
  year: z.number().int(),
  seller: z.object({
    kind: SellerTaxKind,
    legal_name: z.string().nullable(),
    tax_id: z.string().nullable(),
    address: z.string().nullable(),
  }),
  months: z.array(z.object({ month: z.string(), ...GrossAndWithheld.shape })),
  totals: GrossAndWithheld,
});
export type TaxStatement = z.infer<typeof TaxStatement>;

/** What the buyer paid and where it went: the platform fee, VAT and PIT withheld, and the seller's net. */
const SaleSplit = z.object({
  gross: z.number().int(),
  fee: z.number().int(),
  vat: z.number().int(),
  pit: z.number().int(),
  /** What the seller is paid: gross − fee − VAT − PIT. */
  net: z.number().int(),
});

/** One sale as the seller's dashboard breaks it down. */
export const SaleBreakdown = z.object({
  order_code: z.string(),
  workflow_title: z.string(),
  paid_at: z.string(),
  ...SaleSplit.shape,
  refunded: z.boolean(),
});
export type SaleBreakdown = z.infer<typeof SaleBreakdown>;

/** A month of sales (Vietnam time, refunded sales left out), split the same way. */
export const MonthBreakdown = z.object({ period: z.string(), ...SaleSplit.shape });
export type MonthBreakdown = z.infer<typeof MonthBreakdown>;

/** What a seller receives of `price` at `rates` (the publish form's estimate), whole đồng. */
export function netOfPrice(price: number, rates: SellingRates, kind: SellerTaxKind = 'individual'): number {
  const basisPoints = (percent: number) => Math.round(percent * 100);
  return splitSaleWithTax(price, {
    feeBasisPoints: basisPoints(rates.fee_percent),
    vatBasisPoints: isWithheld(kind) ? basisPoints(rates.vat_percent) : 0,
    pitBasisPoints: isWithheld(kind) ? basisPoints(rates.pit_percent) : 0,
  }).net;
}

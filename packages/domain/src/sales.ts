import { z } from 'zod';
import { UserContact } from './common.ts';
import { MonthBreakdown, SaleBreakdown } from './tax.ts';
import bankList from './data/vietqr-banks.json';

/** Selling (issue 12): the platform fee, sellers' balances, payout accounts and payouts. Whole đồng. */

export const VietQrBank = z.object({
  code: z.string(),
  bin: z.string(),
  short_name: z.string(),
  name: z.string(),
});
export type VietQrBank = z.infer<typeof VietQrBank>;

/** The NAPAS/VietQR banks a payout can go to (source and attribution in data/vietqr-banks.json). */
export const VIETQR_BANKS: readonly VietQrBank[] = bankList.banks;

export function bankByCode(code: string): VietQrBank | undefined {
  return VIETQR_BANKS.find((bank) => bank.code === code);
}

/** Default of PAYOUT_MINIMUM: the smallest payout a seller can request. */
export const DEFAULT_PAYOUT_MINIMUM = 200_000;
/** Default of PLATFORM_FEE_PERCENT. */
export const DEFAULT_PLATFORM_FEE_PERCENT = 10;
/** Default of PAYOUT_ACCOUNT_HOLD_HOURS: a new or changed bank account blocks payouts this long. */
export const DEFAULT_PAYOUT_ACCOUNT_HOLD_HOURS = 48;

/**
 * The fee of a sale: price × basis points / 10 000, rounded half up to a whole đồng; the seller's
 * share is the rest, so fee + share is always the price (decision 0060).
 */
export function splitSale(price: number, feeBasisPoints: number): { fee: number; sellerShare: number } {
  const fee = Number((BigInt(price) * BigInt(feeBasisPoints) + 5_000n) / 10_000n);
  return { fee, sellerShare: price - fee };
}

/** "Nguyễn Văn Đức " → "NGUYEN VAN DUC": what Vietnamese banks hold as the account name. */
export function normalizeHolderName(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'D')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export const ACCOUNT_NUMBER_RE = /^[0-9]{6,19}$/;
export const HOLDER_NAME_RE = /^[A-Z]+( [A-Z]+)+$/;
export const HOLDER_NAME_MAX = 50;
export const TRANSFER_REF_MAX = 100;

/** "0071001234567" → "•••••••••4567": the last four digits, as every answer shows a bank account. */
export function maskAccountNumber(accountNumber: string): string {
  return '•'.repeat(Math.max(accountNumber.length - 4, 0)) + accountNumber.slice(-4);
}

export const PayoutAccountBody = z.object({
  bank_code: z
    .string()
    .trim()
    .refine((code) => bankByCode(code) !== undefined, { error: 'unknown bank' }),
  account_number: z
    .string()
    .transform((value) => value.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(ACCOUNT_NUMBER_RE, { error: '6 to 19 digits' })),
  holder_name: z
    .string()
    .max(HOLDER_NAME_MAX * 2)
    .transform(normalizeHolderName)
    .pipe(
      z
        .string()
        .max(HOLDER_NAME_MAX, { error: 'too long' })
        .regex(HOLDER_NAME_RE, { error: 'capital letters, at least two words' }),
    ),
});
export type PayoutAccountBody = z.input<typeof PayoutAccountBody>;
/** The body once validated: digits only, holder name in capitals without accents. */
export type PayoutAccountInput = z.output<typeof PayoutAccountBody>;

/** `sending`: approved and handed to payOS's payout channel; its result is awaited (decision 0154). */
export const PAYOUT_STATE_VALUES = ['requested', 'sending', 'paid', 'failed'] as const;
export const PayoutStateSchema = z.enum(PAYOUT_STATE_VALUES);
export type PayoutStateValue = z.infer<typeof PayoutStateSchema>;

export const PayoutIdParams = z.object({ id: z.uuid() });
export const MarkPayoutPaidBody = z.object({
  transfer_ref: z.string().trim().min(1).max(TRANSFER_REF_MAX),
});
export const MarkPayoutFailedBody = z.object({ reason: z.string().trim().min(1).max(1000) });
export const AdminPayoutsQuery = z.object({ state: PayoutStateSchema.optional() });
/** The requested payouts an admin approves to be sent through payOS (decision 0154). */
export const SendPayoutsBody = z.object({ ids: z.array(z.uuid()).min(1).max(100) });
export type SendPayoutsBody = z.infer<typeof SendPayoutsBody>;

// ── Responses ───────────────────────────────────────────────────────────────

export const BanksResponse = z.object({ banks: z.array(VietQrBank) });
export type BanksResponse = z.infer<typeof BanksResponse>;

/** The bank account money is paid to, as the seller and the admin see it (the number masked). */
const BankAccount = z.object({
  bank_code: z.string(),
  bank_short_name: z.string(),
  /** Masked (`•••••••••4567`): the whole number is sealed at rest and never answered. */
  account_number: z.string(),
  holder_name: z.string(),
});

export const PayoutAccount = BankAccount.extend({
  updated_at: z.string(),
  payouts_blocked_until: z.string(),
});
export type PayoutAccount = z.infer<typeof PayoutAccount>;
export const PayoutAccountResponse = z.object({ account: PayoutAccount.nullable() });
export type PayoutAccountResponse = z.infer<typeof PayoutAccountResponse>;

/** A seller's money, each a sum of ledger entries: pending + available + in payment + paid out = earned. */
export const Balances = z.object({
  /** Sales still inside the refund window. */
  pending: z.number().int(),
  /** What can be paid out now (negative after a refund of money already paid). */
  available: z.number().int(),
  /** Requested payouts not yet paid (being sent through payOS included). */
  in_payment: z.number().int(),
  paid_out: z.number().int(),
});
export type Balances = z.infer<typeof Balances>;

export const Payout = z.object({
  id: z.string(),
  amount: z.number().int(),
  /**
   * What the seller asked for, when a sale in it was refunded before it was approved and `amount`
   * was cut to what is left; null when it was paid as requested.
   */
  requested_amount: z.number().int().nullable(),
  state: PayoutStateSchema,
  ...BankAccount.shape,
  transfer_ref: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Payout = z.infer<typeof Payout>;
export const PayoutResponse = z.object({ payout: Payout });
export type PayoutResponse = z.infer<typeof PayoutResponse>;

const RevenuePoint = z.object({
  /** `YYYY-MM-DD` for days, `YYYY-MM` for months (Asia/Ho_Chi_Minh). */
  period: z.string(),
  sales: z.number().int(),
  /** What buyers paid. */
  gross: z.number().int(),
  /** What the seller is paid of it (after the fee and the tax withheld). */
  earnings: z.number().int(),
});
export type RevenuePoint = z.infer<typeof RevenuePoint>;

export const SalesDashboard = z.object({
  balances: Balances,
  fee_percent: z.number(),
  payout_minimum: z.number().int(),
  /** Null when a payout can be requested; else why not. */
  payout_blocker: z
    .enum(['no_account', 'no_tax_profile', 'account_on_hold', 'below_minimum', 'payout_in_progress'])
    .nullable(),
  account: PayoutAccount.nullable(),
  daily: z.array(RevenuePoint),
  monthly: z.array(RevenuePoint),
  workflows: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      title: z.string(),
      slug: z.string(),
      /** Views by others: the seller's own views are never counted. */
      views: z.number().int(),
      sales: z.number().int(),
      refunds: z.number().int(),
      gross: z.number().int(),
      earnings: z.number().int(),
    }),
  ),
  /**
   * Sales (refunded ones left out) per listing and licence tier, and per listing and discount code
   * (`code` null: sold without a code). `gross` is what buyers paid, `discount` what the codes took off.
   */
  by_licence: z.array(
    z.object({
      workflow_id: z.string(),
      licence: z.string(),
      sales: z.number().int(),
      gross: z.number().int(),
    }),
  ),
  by_discount: z.array(
    z.object({
      workflow_id: z.string(),
      code: z.string().nullable(),
      sales: z.number().int(),
      gross: z.number().int(),
      discount: z.number().int(),
    }),
  ),
  payouts: z.array(Payout),
  /** The last 12 months and the 50 latest sales: gross, fee, VAT and PIT withheld, net (decision 0150). */
  tax_months: z.array(MonthBreakdown),
  recent_sales: z.array(SaleBreakdown),
});
export type SalesDashboard = z.infer<typeof SalesDashboard>;

export const AdminPayout = Payout.extend({
  bank_bin: z.string(),
  seller: UserContact,
  /** payOS's payout ID once sent through payOS's payout channel. */
  payos_ref: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof AdminPayout>;
export const AdminPayoutsResponse = z.object({
  payouts: z.array(AdminPayout),
  /** Whether payOS's payout channel is configured (else the CSV bank batch is the way to pay). */
  payos_payouts: z.boolean(),
});
export type AdminPayoutsResponse = z.infer<typeof AdminPayoutsResponse>;
export const AdminPayoutResponse = z.object({ payout: AdminPayout });
export type AdminPayoutResponse = z.infer<typeof AdminPayoutResponse>;

export const AdminRevenue = z.object({
  fee_percent: z.number(),
  months: z.array(
    z.object({
      month: z.string(),
      sales: z.number().int(),
      gross: z.number().int(),
      /** Fees on that month's sales, less the fees of those later refunded. */
      fees: z.number().int(),
      refunds: z.number().int(),
      refunded_amount: z.number().int(),
    }),
  ),
  pending_payouts: z.object({ count: z.number().int(), amount: z.number().int() }),
});
export type AdminRevenue = z.infer<typeof AdminRevenue>;

/** The CSV exports of sales and payouts. */
export const CsvText = z.string().describe('text/csv (UTF-8 with a BOM)');

import {
  NATIONAL_ID_RE,
  maskTaxId,
  type SellingRates,
  type TaxProfile,
  type TaxProfileInput,
  type TaxReport,
  type TaxStatement,
} from '@flowbay/domain';
import type { Clock } from '../../infra/jobs/queue.ts';
import type { SignedInViewer, Viewer } from '../../infra/request-viewer.ts';
import { openSealed, sealText, type SealingKeys } from '../../infra/sealed-text.ts';
import { requireAdmin, requireUser } from '../../lib/guards.ts';
import { adminActor, type AuditEntry } from '../audit/index.ts';
import { toCsv } from '../../lib/csv.ts';
import type { TaxProfileRow, TaxRepository } from './tax.repository.ts';

const VN_OFFSET = 7 * 60 * 60 * 1000;
const SEAL_PURPOSE = 'tax-id';

/** Midnight in Vietnam on the first of `year`-`month` (month 1-12; 13 is January of the next year). */
const vnMonthStart = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1) - VN_OFFSET);

export interface TaxServiceDeps {
  repository: TaxRepository;
  clock: Clock;
  /** The sealing keys the tax IDs are sealed under (ENCRYPTION_KEY, decision 0153). */
  keys: SealingKeys;
  rates: SellingRates;
  /** Writes the audit trail's `sensitive.view` rows of an admin's read of full tax IDs (decision 0175). */
  recordViews: (entries: AuditEntry[]) => Promise<void>;
}

/** The rows saying which full tax IDs an admin saw, and where. */
const taxIdViews = (admin: SignedInViewer, sellerIds: string[], via: string): AuditEntry[] =>
  sellerIds.map((sellerId) => ({
    actor: adminActor(admin),
    action: 'sensitive.view',
    subject: { type: 'user', id: sellerId },
    after: { field: 'tax_id', via },
  }));

function toProfile(row: TaxProfileRow): TaxProfile {
  return {
    kind: row.kind,
    legal_name: row.legalName,
    tax_id_masked: row.taxIdMasked,
    tax_id_type: row.taxIdType,
    address: row.address,
    updated_at: row.updatedAt.toISOString(),
  };
}

const totalsOf = (rows: { gross: number; vat: number; pit: number }[]) =>
  rows.reduce(
    (sum, row) => ({ gross: sum.gross + row.gross, vat: sum.vat + row.vat, pit: sum.pit + row.pit }),
    { gross: 0, vat: 0, pit: 0 },
  );

/** Sellers' tax profiles, the admins' monthly report and each seller's yearly statement (decision 0150). */
export function createTaxService(deps: TaxServiceDeps) {
  const { repository, clock, keys } = deps;
  const open = (row: TaxProfileRow) => openSealed(row.taxIdSealed, keys, SEAL_PURPOSE).text;

  async function report(viewer: Viewer, month: string, via = 'tax-report'): Promise<TaxReport> {
    const admin = requireAdmin(viewer);
    const [year, number] = month.split('-').map(Number) as [number, number];
    const rows = await repository.withheldBySeller(
      vnMonthStart(year, number),
      vnMonthStart(year, number + 1),
    );
    const sellers = rows.map((row) => ({
      seller_id: row.sellerId,
      kind: row.profile?.kind ?? ('individual' as const),
      legal_name: row.profile?.legalName ?? null,
      tax_id: row.profile ? open(row.profile) : null,
      gross: row.gross,
      vat: row.vat,
      pit: row.pit,
    }));
    await deps.recordViews(
      taxIdViews(
        admin,
        sellers.filter((row) => row.tax_id !== null).map((row) => row.seller_id),
        `${via} ${month}`,
      ),
    );
    return { month, sellers, totals: totalsOf(sellers) };
  }

  async function statementOf(
    sellerId: string,
    year: number,
    taxId: 'masked' | 'full',
  ): Promise<TaxStatement> {
    const [profile, months] = await Promise.all([
      repository.findProfile(sellerId),
      repository.withheldByMonth(sellerId, vnMonthStart(year, 1), vnMonthStart(year + 1, 1)),
    ]);
    return {
      year,
      seller: {
        kind: profile?.kind ?? 'individual',
        legal_name: profile?.legalName ?? null,
        tax_id: profile ? (taxId === 'full' ? open(profile) : profile.taxIdMasked) : null,
        address: profile?.address ?? null,
      },
      months,
      totals: totalsOf(months),
    };
  }

  return {
    /** The fee and the rates withheld, for a price field that shows what the seller receives. */
    rates: (): SellingRates => deps.rates,

    async profile(viewer: Viewer) {
      const seller = requireUser(viewer);
      const row = await repository.findProfile(seller.id);
      return { profile: row ? toProfile(row) : null };
    },

    async setProfile(viewer: Viewer, input: TaxProfileInput) {
      const seller = requireUser(viewer);
      await repository.upsertProfile({
        sellerId: seller.id,
        kind: input.kind,
        legalName: input.legal_name,
        taxIdType: NATIONAL_ID_RE.test(input.tax_id) ? 'national_id' : 'tax_code',
        taxIdSealed: sealText(input.tax_id, keys.current, SEAL_PURPOSE),
        taxIdMasked: maskTaxId(input.tax_id),
        address: input.address,
        updatedAt: clock(),
      });
      return this.profile(viewer);
    },

    hasProfile: async (sellerId: string) => (await repository.findProfile(sellerId)) !== null,

    report,

    /** The report as the tax office's working sheet: one line per seller, amounts as plain integers. */
    async reportCsv(viewer: Viewer, month: string): Promise<string> {
      const { sellers, totals } = await report(viewer, month, 'tax-report.csv');
      return toCsv(
        ['month', 'seller_id', 'kind', 'legal_name', 'tax_id', 'gross_vnd', 'vat_vnd', 'pit_vnd'],
        [
          ...sellers.map((row) => [
            month,
            row.seller_id,
            row.kind,
            row.legal_name ?? '',
            row.tax_id ?? '',
            row.gross,
            row.vat,
            row.pit,
          ]),
          [month, 'TOTAL', '', '', '', totals.gross, totals.vat, totals.pit],
        ],
      );
    },

    /** The caller's withholding statement for `year`: masked tax ID, per month and in total. */
    async statement(viewer: Viewer, year: number): Promise<TaxStatement> {
      const seller = requireUser(viewer);
      return statementOf(seller.id, year, 'masked');
    },

    /** A seller's statement as an admin reads it: the tax code in full. */
    async adminStatement(viewer: Viewer, sellerId: string, year: number): Promise<TaxStatement> {
      const admin = requireAdmin(viewer);
      const statement = await statementOf(sellerId, year, 'full');
      if (statement.seller.tax_id !== null)
        await deps.recordViews(taxIdViews(admin, [sellerId], `tax-statement ${year}`));
      return statement;
    },
  };
}

export type TaxService = ReturnType<typeof createTaxService>;

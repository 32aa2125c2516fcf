import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { useAdminTaxStatement } from '@/features/sales/api/get-tax-statement';
import { statementYear, TaxStatementPage } from '@/features/sales/components/tax-statement-page';

/**
 * An admin's copy of a seller's yearly statement, opened from Admin → Tax: the sheet the seller prints,
 * with the tax code in full, for answering the seller or the tax office. The year lives in the address
 * (`?year=`) so the report's link opens the month's year and the page can be shared as it is.
 */
export function Component() {
  const { t } = useTranslation();
  const sellerId = useParams().id ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const year = statementYear(Number.parseInt(searchParams.get('year') ?? '', 10));
  // The seller comes from the address; the page asks only for the year.
  const useSellerStatement = (chosen: number) => useAdminTaxStatement(sellerId, chosen);
  return (
    <TaxStatementPage
      title={t('tax.admin.statementTitle')}
      subtitle={t('tax.admin.statementSubtitle')}
      loadFailed={t('tax.admin.statementLoadFailed')}
      year={year}
      onYearChange={(chosen) => setSearchParams({ year: String(chosen) }, { replace: true })}
      useStatement={useSellerStatement}
    />
  );
}

import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useTaxStatement } from '@/features/sales/api/get-tax-statement';
import { statementThisYear, TaxStatementPage } from '@/features/sales/components/tax-statement-page';

/** The seller's own yearly statement, opened on this year; the picker changes it in place. */
export function Component() {
  const { t } = useTranslation();
  const [year, setYear] = useState(statementThisYear);
  return (
    <TaxStatementPage
      title={t('tax.statement.title')}
      subtitle={t('tax.statement.subtitle')}
      loadFailed={t('tax.statement.loadFailed')}
      year={year}
      onYearChange={setYear}
      useStatement={useTaxStatement}
    />
  );
}

import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { SelectField } from '@/components/ui/select-field';
import { AccountPageShell } from '@/components/account-page-shell';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { SkeletonStack } from '@/components/ui/skeleton';
import { useTaxStatement } from '@/features/sales/api/get-tax-statement';
import { TaxStatementSheet } from '@/features/sales/components/tax-statement';

/** Withholding began on 1 July 2025 (decision 0150): the first year with a statement. */
const FIRST_YEAR = 2025;

export function Component() {
  const { t } = useTranslation();
  // The year in Vietnam (UTC+7).
  const thisYear = new Date(Date.now() + 7 * 60 * 60 * 1000).getUTCFullYear();
  const [year, setYear] = useState(thisYear);
  const statement = useTaxStatement(year);
  const years = Array.from(
    { length: Math.max(thisYear - FIRST_YEAR + 1, 1) },
    (_, index) => thisYear - index,
  );
  return (
    <AccountPageShell
      title={t('tax.statement.title')}
      subtitle={t('tax.statement.subtitle')}
      action={
        <Button variant="secondary" onClick={() => window.print()} className="print:hidden">
          {t('tax.statement.print')}
        </Button>
      }
    >
      <div className="mb-6 max-w-[10rem] print:hidden">
        <SelectField
          id="statement-year"
          label={t('tax.statement.year')}
          value={String(year)}
          onValueChange={(value) => setYear(Number(value))}
          options={years.map((value) => ({ value: String(value), label: String(value) }))}
        />
      </div>
      <QueryView
        query={statement}
        failed={t('tax.statement.loadFailed')}
        loading={<SkeletonStack blocks={['h-64 w-full rounded-2xl']} />}
      >
        {(data) => <TaxStatementSheet statement={data} />}
      </QueryView>
    </AccountPageShell>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { TaxStatement } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { SelectField } from '@/components/ui/select-field';
import { AccountPageShell } from '@/components/account-page-shell';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { SkeletonStack } from '@/components/ui/skeleton';
import { TaxStatementSheet } from './tax-statement';

/** Withholding began on 1 July 2025 (decision 0150): the first year with a statement. */
const FIRST_YEAR = 2025;

/** The year in Vietnam (UTC+7), the latest a statement can be asked for. */
export function statementThisYear() {
  return new Date(Date.now() + 7 * 60 * 60 * 1000).getUTCFullYear();
}

/** `asked` when a statement can exist for it, else this year: what an address's `?year=` opens. */
export function statementYear(asked: number) {
  const thisYear = statementThisYear();
  return asked >= FIRST_YEAR && asked <= thisYear ? asked : thisYear;
}

/**
 * A yearly statement's page, the seller's own and an admin's copy alike: the year picker, the print
 * button and the sheet. Each page keeps the year where it wants it and passes in the hook that reads
 * its statement, so both print the same sheet from their own API.
 */
export function TaxStatementPage({
  title,
  subtitle,
  loadFailed,
  year,
  onYearChange,
  useStatement,
}: {
  title: string;
  subtitle: string;
  loadFailed: string;
  year: number;
  onYearChange: (year: number) => void;
  useStatement: (year: number) => UseQueryResult<TaxStatement>;
}) {
  const { t } = useTranslation();
  const statement = useStatement(year);
  const thisYear = statementThisYear();
  const years = Array.from(
    { length: Math.max(thisYear - FIRST_YEAR + 1, 1) },
    (_, index) => thisYear - index,
  );
  return (
    <AccountPageShell
      title={title}
      subtitle={subtitle}
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
          onValueChange={(value) => onYearChange(Number(value))}
          options={years.map((value) => ({ value: String(value), label: String(value) }))}
        />
      </div>
      <QueryView
        query={statement}
        failed={loadFailed}
        loading={<SkeletonStack blocks={['h-64 w-full rounded-2xl']} />}
      >
        {(data) => <TaxStatementSheet statement={data} />}
      </QueryView>
    </AccountPageShell>
  );
}

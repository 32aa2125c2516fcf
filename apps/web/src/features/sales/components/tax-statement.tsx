import type { TaxStatement } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { FiguresTable } from '@/components/figures-table';
import { formatPrice } from '@/lib/format';

/*
 * Printed, only the statement shows: the site's header, menus and the page's controls are hidden and
 * the statement fills the sheet.
 */
const PRINT_STYLE = `@media print {
  body * { visibility: hidden; }
  #tax-statement, #tax-statement * { visibility: visible; }
  #tax-statement { position: absolute; inset: 0; padding: 0; border: 0; }
}`;

/** A seller's yearly statement of the tax Flowbay withheld: who, the period, per month and in total. */
export function TaxStatementSheet({ statement }: { statement: TaxStatement }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatPrice(amount, i18n.language);
  const monthName = (period: string) =>
    new Intl.DateTimeFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB', {
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${period}-01T00:00:00Z`));
  const { seller, totals, year } = statement;
  return (
    <article
      id="tax-statement"
      aria-labelledby="tax-statement-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 print:text-black"
    >
      <style>{PRINT_STYLE}</style>
      <h2 id="tax-statement-title" className="text-xl font-semibold text-slate-900">
        {t('tax.statement.heading', { year })}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('tax.statement.issuer')}</p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t('tax.legalName')}</dt>
        <dd data-testid="statement-name">{seller.legal_name ?? t('tax.statement.noProfile')}</dd>
        <dt className="text-slate-600">{t('tax.kind')}</dt>
        <dd>{t(`tax.kinds.${seller.kind}`)}</dd>
        <dt className="text-slate-600">{t('tax.taxId')}</dt>
        <dd className="font-mono" data-testid="statement-tax-id">
          {seller.tax_id ?? '—'}
        </dd>
        <dt className="text-slate-600">{t('tax.address')}</dt>
        <dd>{seller.address ?? '—'}</dd>
        <dt className="text-slate-600">{t('tax.statement.period')}</dt>
        <dd>{t('tax.statement.periodValue', { year })}</dd>
      </dl>
      {statement.months.length === 0 ? (
        <p className="mt-4 text-slate-600">{t('tax.statement.empty')}</p>
      ) : (
        <FiguresTable
          rows={[...statement.months, { month: 'total', ...totals }]}
          rowKey={(row) => row.month}
          columns={[
            {
              header: t('tax.month'),
              cell: (row) => (row.month === 'total' ? t('tax.statement.total') : monthName(row.month)),
            },
            { header: t('tax.gross'), cell: (row) => money(row.gross) },
            { header: t('tax.vat'), cell: (row) => money(row.vat) },
            { header: t('tax.pit'), cell: (row) => money(row.pit) },
          ]}
        />
      )}
      <p className="mt-4 text-xs text-slate-500">{t('tax.statement.note')}</p>
    </article>
  );
}

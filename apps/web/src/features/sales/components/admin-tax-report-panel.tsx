import { useState } from 'react';
import { Link } from 'react-router';
import type { TaxReportRow } from '@flowbay/domain';
import { paths } from '@flowbay/domain/routes';
import { useTranslation } from '@/i18n/use-translation';
import { TextField } from '@/components/ui/text-field';
import { DownloadLink } from '@/components/download-link';
import { FiguresTable } from '@/components/figures-table';
import { PageSection } from '@/components/page-section';
import { formatPrice } from '@/lib/format';
import { useAdminTaxReport } from '../api/get-admin-tax-report';
import { AdminReportView } from './admin-report-view';

/** The month before `now`'s in Vietnam (UTC+7): the one the monthly filing is due for. */
export function lastMonth(now: Date): string {
  const vietnam = new Date(now.getTime() + 7 * 60 * 60 * 1000);
  return new Date(Date.UTC(vietnam.getUTCFullYear(), vietnam.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** The admin's Tax tab: the month's VAT and PIT withheld per seller, with totals and the CSV to file. */
export function AdminTaxReportPanel() {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = useState(() => lastMonth(new Date()));
  const valid = /^[0-9]{4}-(0[1-9]|1[0-2])$/.test(month);
  const money = (amount: number) => formatPrice(amount, i18n.language);
  return (
    <PageSection
      id="admin-tax-title"
      title={t('tax.admin.title')}
      action={
        valid ? (
          <DownloadLink href={`/api/admin/tax-report.csv?month=${month}`}>
            {t('tax.admin.exportCsv')}
          </DownloadLink>
        ) : null
      }
    >
      <div className="mt-3 max-w-xs">
        <TextField
          id="tax-report-month"
          label={t('tax.admin.month')}
          type="month"
          value={month}
          onValueChange={setMonth}
        />
      </div>
      {valid && <Report month={month} money={money} />}
    </PageSection>
  );
}

function Report({ month, money }: { month: string; money: (amount: number) => string }) {
  const { t } = useTranslation();
  const report = useAdminTaxReport(month);
  return (
    <AdminReportView query={report} failed={t('tax.admin.loadFailed')}>
      {(data) =>
        data.sellers.length === 0 ? (
          <p className="mt-4 text-slate-600">{t('tax.admin.empty')}</p>
        ) : (
          <FiguresTable<TaxReportRow | 'total'>
            rows={[...data.sellers, 'total']}
            rowKey={(row) => (row === 'total' ? 'total' : row.seller_id)}
            columns={[
              {
                header: t('tax.admin.seller'),
                cell: (row) =>
                  row === 'total' ? (
                    t('tax.admin.total')
                  ) : (
                    <span>
                      {row.legal_name ?? t('tax.admin.noProfile')}
                      <span className="block text-xs font-normal text-slate-500">
                        {t(`tax.kinds.${row.kind}`)}
                      </span>
                      {/* The seller's yearly statement for the report's year, tax code in full. */}
                      <Link
                        to={paths.adminTaxStatement(row.seller_id, Number(month.slice(0, 4)))}
                        className="block text-xs font-medium text-brand-700 underline"
                      >
                        {t('tax.admin.statement')}
                      </Link>
                    </span>
                  ),
              },
              {
                header: t('tax.admin.taxCode'),
                cell: (row) =>
                  row === 'total' ? '' : <span className="font-mono">{row.tax_id ?? '—'}</span>,
              },
              {
                header: t('tax.gross'),
                cell: (row) => money(row === 'total' ? data.totals.gross : row.gross),
              },
              { header: t('tax.vat'), cell: (row) => money(row === 'total' ? data.totals.vat : row.vat) },
              { header: t('tax.pit'), cell: (row) => money(row === 'total' ? data.totals.pit : row.pit) },
            ]}
          />
        )
      }
    </AdminReportView>
  );
}

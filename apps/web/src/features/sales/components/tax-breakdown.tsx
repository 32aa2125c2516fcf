import type { MonthBreakdown, SaleBreakdown } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { FiguresTable } from '@/components/figures-table';
import { formatDateTime, formatPrice } from '@/lib/format';

type Figures = Pick<MonthBreakdown, 'gross' | 'fee' | 'vat' | 'pit' | 'net'>;

/** The columns both tables share: what the buyer paid, the fee, the VAT and PIT withheld, the net. */
function useFigureColumns<Row extends Figures>() {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatPrice(amount, i18n.language);
  return [
    { header: t('tax.gross'), cell: (row: Row) => money(row.gross) },
    { header: t('tax.fee'), cell: (row: Row) => money(row.fee) },
    { header: t('tax.vat'), cell: (row: Row) => money(row.vat) },
    { header: t('tax.pit'), cell: (row: Row) => money(row.pit) },
    { header: t('tax.net'), cell: (row: Row) => money(row.net) },
  ];
}

/** Per month (last 12, refunded sales left out) and per sale (latest 50): where each sale's money went. */
export function TaxBreakdown({ months, sales }: { months: MonthBreakdown[]; sales: SaleBreakdown[] }) {
  const { t, i18n } = useTranslation();
  const monthColumns = useFigureColumns<MonthBreakdown>();
  const saleColumns = useFigureColumns<SaleBreakdown>();
  const monthName = (period: string) =>
    new Intl.DateTimeFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${period}-01T00:00:00Z`));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h3 className="mt-3 text-base font-semibold text-slate-900">{t('tax.perMonth')}</h3>
        <FiguresTable
          rows={[...months].reverse()}
          rowKey={(row) => row.period}
          columns={[{ header: t('tax.month'), cell: (row) => monthName(row.period) }, ...monthColumns]}
        />
      </div>
      <div>
        <h3 className="text-base font-semibold text-slate-900">{t('tax.perSale')}</h3>
        {sales.length === 0 ? (
          <p className="mt-2 text-slate-600">{t('tax.noSales')}</p>
        ) : (
          <FiguresTable
            rows={sales}
            rowKey={(row) => row.order_code}
            columns={[
              {
                header: t('tax.sale'),
                cell: (row) => (
                  <span>
                    {row.workflow_title}
                    <span className="block text-xs font-normal text-slate-500">
                      {formatDateTime(row.paid_at, i18n.language)}
                      {row.refunded ? ` · ${t('tax.refunded')}` : ''}
                    </span>
                  </span>
                ),
              },
              ...saleColumns,
            ]}
          />
        )}
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { WorkflowDetail } from '@flowbay/domain';
import { TitledCard } from '@/components/ui/card';
import { formatDate, formatNumber } from '@/lib/format';
import { usePriceLabel } from '@/lib/use-price-label';

export function InfoCard({ workflow }: { workflow: WorkflowDetail }) {
  const { t, i18n } = useTranslation();
  const priceLabel = usePriceLabel();
  const rows: Array<[string, string]> = [
    [t('detail.version'), workflow.version || '1.0'],
    [t('detail.updated'), formatDate(workflow.updated_at, i18n.language)],
    [t('detail.price'), priceLabel(workflow.price)],
    ...(workflow.node_summary
      ? [
          [t('detail.nodes'), formatNumber(workflow.node_summary.nodeCount, i18n.language)] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  return (
    <TitledCard title={t('detail.info')}>
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2.5">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </TitledCard>
  );
}

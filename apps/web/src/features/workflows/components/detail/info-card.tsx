import { useTranslation } from '@/i18n/use-translation';
import type { WorkflowDetail } from '@flowbay/domain';
import { TitledCard } from '@/components/ui/card';
import { DetailRows } from '@/components/ui/detail-rows';
import { formatDate, formatNumber } from '@/lib/format';
import { usePriceLabel } from '@/lib/use-price-label';

export function InfoCard({ workflow }: { workflow: WorkflowDetail }) {
  const { t, i18n } = useTranslation();
  const priceLabel = usePriceLabel();
  return (
    <TitledCard title={t('detail.info')}>
      <DetailRows
        rows={[
          [t('detail.version'), workflow.version || '1.0'],
          [t('detail.updated'), formatDate(workflow.updated_at, i18n.language)],
          [t('detail.price'), priceLabel(workflow.price)],
          !!workflow.node_summary && [
            t('detail.nodes'),
            formatNumber(workflow.node_summary.nodeCount, i18n.language),
          ],
        ]}
      />
    </TitledCard>
  );
}

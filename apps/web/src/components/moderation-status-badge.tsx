import type { WorkflowStatus } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<WorkflowStatus | 'approved', 'success' | 'warning' | 'neutral' | 'danger'> = {
  listed: 'success',
  approved: 'success',
  pending: 'warning',
  rejected: 'danger',
  unlisted: 'neutral',
};

/** A workflow's or a version's moderation state, in words (never colour alone). */
export function ModerationStatusBadge({ status }: { status: WorkflowStatus | 'approved' }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[status]}>{t(`moderation.status.${status}`)}</Badge>;
}

import { useTranslation } from '@/i18n/use-translation';
import { REASON_MAX } from '@flowbay/domain';
import { ReasonDialog } from '@/components/reason-dialog';
import { useReject } from '../api/review-queue';

/** Reject with a required reason; the author reads it on their workflow and in an e-mail. */
export function RejectDialog({ workflowId, title }: { workflowId: string; title: string }) {
  const { t } = useTranslation();
  const reject = useReject();
  return (
    <ReasonDialog
      id={`reject-${workflowId}`}
      trigger={t('admin.reject')}
      title={t('admin.rejectTitle', { title })}
      description={t('admin.rejectSubtitle')}
      label={t('admin.reason')}
      maxLength={REASON_MAX}
      confirm={t('admin.confirmReject')}
      pendingLabel={t('admin.rejecting')}
      destructive
      submit={(reason) => reject.mutateAsync({ workflowId, reason })}
      succeeded={t('admin.rejected', { title })}
      failed={t('admin.decisionFailed')}
    />
  );
}

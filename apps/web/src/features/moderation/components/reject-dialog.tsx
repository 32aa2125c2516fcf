import { useTranslation } from '@/i18n/use-translation';
import { REASON_MAX } from '@flowbay/domain';
import { ReasonDialog } from '@/components/reason-dialog';
import { useReject } from '../api/moderation-queue';

/** Reject with a required reason; the author reads it on their workflow and in an e-mail. */
export function RejectDialog({ workflowId, title }: { workflowId: string; title: string }) {
  const { t } = useTranslation();
  const reject = useReject();
  return (
    <ReasonDialog
      id={`reject-${workflowId}`}
      trigger={t('moderationQueue.reject')}
      title={t('moderationQueue.rejectTitle', { title })}
      description={t('moderationQueue.rejectSubtitle')}
      label={t('moderationQueue.reason')}
      maxLength={REASON_MAX}
      confirm={t('moderationQueue.confirmReject')}
      pendingLabel={t('moderationQueue.rejecting')}
      destructive
      submit={(reason) => reject.mutateAsync({ workflowId, reason })}
      succeeded={t('moderationQueue.rejected', { title })}
      failed={t('moderationQueue.decisionFailed')}
    />
  );
}

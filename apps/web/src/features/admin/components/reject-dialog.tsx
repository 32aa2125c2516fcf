import { useTranslation } from 'react-i18next';
import { REASON_MAX } from '@flowbay/domain';
import { ReasonDialog } from '@/components/reason-dialog';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
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
      pending={reject.isPending}
      destructive
      onSubmit={(reason, done) =>
        reject.mutate(
          { workflowId, reason },
          {
            onSuccess: () => {
              toast.success(t('admin.rejected', { title }));
              done();
            },
            onError: (failure) =>
              toast.error(t('admin.decisionFailed'), { description: t(errorKey(failure)) }),
          },
        )
      }
    />
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REASON_MAX, VALIDATION_KEYS } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormField, describedBy } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useReject } from '../api/review-queue';
import { translateMessage } from '@/i18n/keys';

/** Reject with a required reason; the author reads it on their workflow and in an e-mail. */
export function RejectDialog({ workflowId, title }: { workflowId: string; title: string }) {
  const { t } = useTranslation();
  const reject = useReject();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = `reject-${workflowId}`;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(VALIDATION_KEYS.reasonRequired);
    reject.mutate(
      { workflowId, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('admin.rejected', { title }));
          setOpen(false);
          setReason('');
        },
        onError: (failure) => toast.error(t('admin.decisionFailed'), { description: t(errorKey(failure)) }),
      },
    );
  };
  const message = error ? translateMessage(t, error) : undefined;
  return (
    <Dialog open={open} onOpenChange={(next) => !reject.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline">{t('admin.reject')}</Button>
      </DialogTrigger>
      <DialogContent
        title={t('admin.rejectTitle', { title })}
        description={t('admin.rejectSubtitle')}
        closeLabel={t('common.close')}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField id={id} label={t('admin.reason')} error={message}>
            <Textarea
              id={id}
              rows={4}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
              aria-invalid={message ? true : undefined}
              aria-describedby={describedBy(id, { error: message })}
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={reject.isPending}>
                {t('manage.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {reject.isPending ? t('admin.rejecting') : t('admin.confirmReject')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

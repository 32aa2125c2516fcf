import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { VALIDATION_KEYS } from '@flowbay/domain';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { DialogActions } from '@/components/dialog-actions';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { translateMessage } from '@/i18n/keys';

/**
 * A button that opens a dialog asking for a required reason: the admin's rejection of a workflow,
 * the buyer's refund request, the admin's refund and decline. `submit` sends the trimmed reason;
 * when it succeeds the dialog says `succeeded` and closes, when it fails it says `failed` and why.
 */
export function ReasonDialog({
  id,
  trigger,
  triggerVariant = 'outline',
  triggerSize = 'md',
  title,
  description,
  label,
  maxLength,
  confirm,
  pendingLabel,
  destructive = false,
  submit,
  succeeded,
  failed,
}: {
  id: string;
  trigger: ReactNode;
  triggerVariant?: ButtonProps['variant'];
  triggerSize?: ButtonProps['size'];
  title: string;
  description: string;
  label: string;
  /** The longest reason the API accepts. */
  maxLength: number;
  confirm: string;
  pendingLabel: string;
  destructive?: boolean;
  submit: (reason: string) => Promise<unknown>;
  succeeded: string;
  failed: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(VALIDATION_KEYS.reasonRequired);
    setPending(true);
    try {
      await submit(reason.trim());
      toast.success(succeeded);
      setOpen(false);
      setReason('');
    } catch (failure) {
      toast.error(failed, { description: t(errorKey(failure)) });
    } finally {
      setPending(false);
    }
  };
  const message = error ? translateMessage(t, error) : undefined;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant={triggerVariant} size={triggerSize}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description} closeLabel={t('common.close')}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
          <FormField id={id} label={label} error={message}>
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                maxLength={maxLength}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setError(null);
                }}
              />
            )}
          </FormField>
          <DialogActions pending={pending}>
            <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={pending}>
              {pending ? pendingLabel : confirm}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

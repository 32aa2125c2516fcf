import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';

/**
 * A confirmation dialog's answers, at its bottom right: Cancel, which closes it, then the confirming
 * button (`children`). While the action is `pending` Cancel is disabled, so the dialog stays until it
 * can say how the action ended.
 */
export function DialogActions({
  pending,
  className,
  children,
}: {
  pending: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          {t('manage.cancel')}
        </Button>
      </DialogClose>
      {children}
    </div>
  );
}

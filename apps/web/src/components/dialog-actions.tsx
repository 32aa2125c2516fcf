import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';

interface DialogActionsProps {
  /** The action is running: Cancel is disabled, so the dialog stays until it can say how it ended. */
  pending: boolean;
  className?: string;
  /** The confirming button. */
  children: ReactNode;
}

/** A confirmation dialog's answers, at its bottom right: Cancel, which closes it, then the confirming button. */
export function DialogActions({ pending, className, children }: DialogActionsProps) {
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

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The buttons under a small form opened in place (a reply, an invoice's details): the submit button
 * it is given, then a quiet Cancel that closes the form without saving.
 */
export function InlineFormActions({
  cancel,
  onCancel,
  children,
}: {
  /** The Cancel button's caption. */
  cancel: string;
  onCancel: () => void;
  /** The submit button. */
  children: ReactNode;
}) {
  return (
    <div className="flex gap-2">
      {children}
      <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
        {cancel}
      </Button>
    </div>
  );
}

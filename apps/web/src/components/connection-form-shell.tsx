import { Loader2 } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ProviderErrorAlert } from '@/components/provider-error-alert';
import type { ServiceText } from '@/i18n/service-texts';

/**
 * The frame of a form that saves a connection to an outside service: its fields, what the service
 * said when saving failed, then Save and (when the form can be closed) Cancel.
 */
export function ConnectionFormShell({
  service,
  onSubmit,
  saving,
  said,
  texts,
  onCancel,
  children,
}: {
  /** Names the form (`<service>-connection-form`). */
  service: string;
  onSubmit: () => void;
  saving: { isPending: boolean; isError: boolean; error: unknown };
  said: (error: unknown) => string | null;
  texts: ServiceText;
  onCancel?: () => void;
  /** The fields. */
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} data-testid={`${service}-connection-form`}>
      {children}
      {saving.isError && <ProviderErrorAlert error={saving.error} said={said} />}
      <div className="flex gap-2">
        <Button type="submit" disabled={saving.isPending}>
          {saving.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {texts('save')}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            {texts('cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

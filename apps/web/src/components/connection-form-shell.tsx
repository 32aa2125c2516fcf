import { Loader2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ProviderErrorAlert } from '@/components/provider-error-alert';
import type { ServiceText } from '@/i18n/service-texts';

/**
 * The frame of a form that saves a connection to an outside service: the service's own fields, the
 * connection's optional name, what the service said when saving failed, then Save and (when the form
 * can be closed) Cancel. Once saved, the form is emptied (`clear` empties the service's fields) and
 * `onSaved` gets the new connection's id.
 */
export function ConnectionFormShell<Body>({
  service,
  create,
  bodyOf,
  clear,
  onSaved,
  said,
  texts,
  nameMax,
  onCancel,
  children,
}: {
  /** Names the form (`<service>-connection-form`) and its name field. */
  service: string;
  /** The call that saves the connection. */
  create: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    mutate: (body: Body, options: { onSuccess: (created: { id: string }) => void }) => void;
  };
  /** What `create` sends, from the service's fields and the trimmed name. */
  bodyOf: (name: string) => Body;
  clear: () => void;
  onSaved: (id: string) => void;
  said: (error: unknown) => string | null;
  texts: ServiceText;
  nameMax: number;
  onCancel?: () => void;
  /** The service's fields. */
  children: ReactNode;
}) {
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(bodyOf(name.trim()), {
      onSuccess: ({ id }) => {
        clear();
        setName('');
        onSaved(id);
      },
    });
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} data-testid={`${service}-connection-form`}>
      {children}
      <FormField id={`${service}-connection-name`} label={texts('name')}>
        {(control) => (
          <Input
            {...control}
            maxLength={nameMax}
            placeholder={texts('namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      {create.isError && <ProviderErrorAlert error={create.error} said={said} />}
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
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

/** The service's secret (an API key, a token): typed hidden, never offered to autofill. */
export function ConnectionSecretField({
  id,
  label,
  help,
  maxLength,
  value,
  onChange,
}: {
  id: string;
  label: string;
  help: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label={label} help={help}>
      {(control) => (
        <Input
          {...control}
          type="password"
          autoComplete="off"
          required
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

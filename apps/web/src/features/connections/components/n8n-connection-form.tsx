import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { N8N_API_KEY_MAX, N8N_CONNECTION_NAME_MAX } from '@flowbay/domain/connections';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorKey } from '@/lib/api-client';
import { useCreateN8nConnection } from '../api/create-n8n-connection';
import { n8nSaid } from '../lib/n8n-error';

/** Address, API key and name of a new n8n connection; `onSaved` gets its id. */
export function N8nConnectionForm({
  onSaved,
  onCancel,
}: {
  onSaved: (id: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateN8nConnection();
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { base_url: baseUrl.trim(), api_key: apiKey.trim(), name: name.trim() },
      {
        onSuccess: ({ id }) => {
          setBaseUrl('');
          setApiKey('');
          setName('');
          onSaved(id);
        },
      },
    );
  };
  const said = n8nSaid(create.error);

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} data-testid="n8n-connection-form">
      <FormField id="n8n-connection-url" label={t('connections.baseUrl')}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            required
            placeholder="https://n8n.example.com"
            value={baseUrl}
            onChange={(event) => setBaseUrl(event.target.value)}
          />
        )}
      </FormField>
      <FormField id="n8n-connection-key" label={t('connections.apiKey')} help={t('connections.keyHelp')}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="off"
            required
            maxLength={N8N_API_KEY_MAX}
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
          />
        )}
      </FormField>
      <FormField id="n8n-connection-name" label={t('connections.name')}>
        {(control) => (
          <Input
            {...control}
            maxLength={N8N_CONNECTION_NAME_MAX}
            placeholder={t('connections.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      {create.isError && (
        <div role="alert" className="text-sm text-red-700">
          <p>{t(errorKey(create.error))}</p>
          {said && <p className="mt-1 text-xs">{t('connections.n8nSaid', { message: said })}</p>}
        </div>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {t('connections.save')}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('connections.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

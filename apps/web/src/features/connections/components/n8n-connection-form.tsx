import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useServiceTexts } from '@/i18n/service-texts';
import { N8N_API_KEY_MAX, N8N_CONNECTION_NAME_MAX } from '@flowbay/domain/connections';
import { ConnectionFormShell, ConnectionSecretField } from '@/components/connection-form-shell';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateN8nConnection } from '../api/create-n8n-connection';
import { useN8nSaid } from '../lib/n8n-error';

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

  return (
    <ConnectionFormShell
      service="n8n"
      create={create}
      bodyOf={(name) => ({ base_url: baseUrl.trim(), api_key: apiKey.trim(), name })}
      clear={() => {
        setBaseUrl('');
        setApiKey('');
      }}
      onSaved={onSaved}
      said={useN8nSaid()}
      texts={useServiceTexts('connections')}
      nameMax={N8N_CONNECTION_NAME_MAX}
      onCancel={onCancel}
    >
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
      <ConnectionSecretField
        id="n8n-connection-key"
        label={t('connections.apiKey')}
        help={t('connections.keyHelp')}
        maxLength={N8N_API_KEY_MAX}
        value={apiKey}
        onChange={setApiKey}
      />
    </ConnectionFormShell>
  );
}

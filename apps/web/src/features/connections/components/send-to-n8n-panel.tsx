import { KeyRound } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { useServiceTexts } from '@/i18n/service-texts';
import { SendWithConnectionPanel } from '@/components/send-with-connection-panel';
import { useN8nConnections } from '../api/get-n8n-connections';
import { useSendToN8n } from '../api/send-to-n8n';
import { useN8nSaid } from '../lib/n8n-error';
import { N8nConnectionForm } from './n8n-connection-form';

/** Pick a saved connection (or add one), send, then the link to the new workflow and the credentials to create. */
export default function SendToN8nPanel({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation();
  return (
    <SendWithConnectionPanel
      service="n8n"
      texts={useServiceTexts('connections')}
      connections={useN8nConnections()}
      optionLabel={(connection) => `${connection.name} (${connection.base_url})`}
      send={useSendToN8n(workflowId)}
      said={useN8nSaid()}
      Form={N8nConnectionForm}
      openLabel={t('connections.openInN8n')}
      renderSent={(sent) =>
        sent.credentials.length > 0 ? (
          <div>
            <p>{t('connections.credentialsToCreate')}</p>
            <ul className="mt-2 flex flex-col gap-1">
              {sent.credentials.map((credential) => (
                <li key={credential} className="flex items-center gap-2">
                  <KeyRound className="size-4 text-brand-600" aria-hidden="true" />
                  {credential}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p>{t('connections.noCredentials')}</p>
        )
      }
    />
  );
}

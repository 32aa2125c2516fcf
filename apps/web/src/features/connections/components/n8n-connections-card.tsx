import { useTranslation } from '@/i18n/use-translation';
import { useServiceTexts } from '@/i18n/service-texts';
import { SavedConnectionsCard } from '@/components/saved-connections-card';
import { formatDate } from '@/lib/format';
import { useDeleteN8nConnection } from '../api/delete-n8n-connection';
import { useN8nConnections } from '../api/get-n8n-connections';
import { useTestN8nConnection } from '../api/test-n8n-connection';
import { useN8nSaid } from '../lib/n8n-error';
import { N8nConnectionForm } from './n8n-connection-form';

/** The profile's n8n connections: add one, test one with its saved key, delete one. */
export default function N8nConnectionsCard() {
  const { t, i18n } = useTranslation();
  return (
    <SavedConnectionsCard
      service="n8n"
      texts={useServiceTexts('connections')}
      connections={useN8nConnections()}
      labelOf={(connection) => connection.name}
      summaryOf={(connection) => (
        <>
          {connection.base_url} · {t('connections.keyHint', { hint: connection.key_hint })}
          {connection.last_used_at &&
            ` · ${t('connections.lastUsed', { date: formatDate(connection.last_used_at, i18n.language) })}`}
        </>
      )}
      test={useTestN8nConnection()}
      testOk={(connection) => t('connections.testOk', { name: connection.name })}
      remove={useDeleteN8nConnection()}
      said={useN8nSaid()}
      Form={N8nConnectionForm}
    />
  );
}

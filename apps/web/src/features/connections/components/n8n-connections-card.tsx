import { Plug, PlugZap, Trash2 } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { LoadError } from '@/components/load-error';
import { errorKey } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { failedWithNothingToShow } from '@/lib/query';
import { useDeleteN8nConnection } from '../api/delete-n8n-connection';
import { useN8nConnections } from '../api/get-n8n-connections';
import { useTestN8nConnection } from '../api/test-n8n-connection';
import { n8nSaid } from '../lib/n8n-error';
import { N8nConnectionForm } from './n8n-connection-form';

/** The profile's n8n connections: add one, test one with its saved key, delete one. */
export default function N8nConnectionsCard() {
  const { t, i18n } = useTranslation();
  const connections = useN8nConnections();
  const test = useTestN8nConnection();
  const remove = useDeleteN8nConnection();

  const failed = (error: unknown) => {
    const said = n8nSaid(error);
    toast.error(
      said ? `${t(errorKey(error))} ${t('connections.n8nSaid', { message: said })}` : t(errorKey(error)),
    );
  };

  return (
    <section
      aria-labelledby="n8n-connections-title"
      className="flex flex-col gap-4"
      data-testid="n8n-connections"
    >
      <div>
        <h2
          id="n8n-connections-title"
          className="flex items-center gap-2 text-lg font-semibold text-slate-900"
        >
          <Plug className="size-5 text-brand-600" aria-hidden="true" />
          {t('connections.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('connections.intro')}</p>
      </div>

      {failedWithNothingToShow(connections) ? (
        <LoadError messages={[t('connections.loadFailed')]} onRetry={() => void connections.refetch()} />
      ) : connections.data && connections.data.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {connections.data.map((connection) => (
            <li key={connection.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{connection.name}</p>
                <p className="truncate text-xs text-slate-600">
                  {connection.base_url} · {t('connections.keyHint', { hint: connection.key_hint })}
                  {connection.last_used_at &&
                    ` · ${t('connections.lastUsed', { date: formatDate(connection.last_used_at, i18n.language) })}`}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={test.isPending}
                  aria-label={t('connections.testNamed', { name: connection.name })}
                  onClick={() =>
                    test.mutate(connection.id, {
                      onSuccess: () => toast.success(t('connections.testOk', { name: connection.name })),
                      onError: failed,
                    })
                  }
                >
                  <PlugZap aria-hidden="true" />
                  {t('connections.test')}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={t('connections.deleteNamed', { name: connection.name })}
                  onClick={() =>
                    remove.mutate(connection.id, {
                      onSuccess: () => toast.success(t('connections.deleted')),
                      onError: failed,
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                  {t('connections.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : connections.data ? (
        <p className="text-sm text-slate-600">{t('connections.none')}</p>
      ) : null}

      <N8nConnectionForm onSaved={() => toast.success(t('connections.saved'))} />
    </section>
  );
}

import { Plug, PlugZap, Trash2 } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { LoadError } from '@/components/load-error';
import { errorKey } from '@/lib/api-client';
import { failedWithNothingToShow } from '@/lib/query';
import { useDeleteMakeConnection } from '../api/delete-make-connection';
import { useMakeConnections } from '../api/get-make-connections';
import { useTestMakeConnection } from '../api/test-make-connection';
import { makeSaid } from '../lib/make-error';
import { MakeConnectionForm } from './make-connection-form';

/** The profile's Make connections: add one, test one with its saved token, delete one. */
export default function MakeConnectionsCard() {
  const { t } = useTranslation();
  const connections = useMakeConnections();
  const test = useTestMakeConnection();
  const remove = useDeleteMakeConnection();

  const failed = (error: unknown) => {
    const said = makeSaid(error);
    toast.error(said ? `${t(errorKey(error))} ${t('make.makeSaid', { message: said })}` : t(errorKey(error)));
  };
  const labelOf = (connection: { name: string; zone: string }) => connection.name || connection.zone;

  return (
    <section
      aria-labelledby="make-connections-title"
      className="flex flex-col gap-4"
      data-testid="make-connections"
    >
      <div>
        <h2
          id="make-connections-title"
          className="flex items-center gap-2 text-lg font-semibold text-slate-900"
        >
          <Plug className="size-5 text-brand-600" aria-hidden="true" />
          {t('make.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('make.intro')}</p>
      </div>

      {failedWithNothingToShow(connections) ? (
        <LoadError messages={[t('make.loadFailed')]} onRetry={() => void connections.refetch()} />
      ) : connections.data && connections.data.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {connections.data.map((connection) => (
            <li key={connection.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{labelOf(connection)}</p>
                <p className="truncate text-xs text-slate-600">
                  {t('make.summary', {
                    zone: connection.zone,
                    team: connection.team_id,
                    hint: connection.token_hint,
                  })}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={test.isPending}
                  aria-label={t('make.testNamed', { name: labelOf(connection) })}
                  onClick={() =>
                    test.mutate(connection.id, {
                      onSuccess: (answer) =>
                        toast.success(
                          t('make.testOk', {
                            name: labelOf(connection),
                            user: answer.user_name || answer.user_email,
                          }),
                        ),
                      onError: failed,
                    })
                  }
                >
                  <PlugZap aria-hidden="true" />
                  {t('make.test')}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={t('make.deleteNamed', { name: labelOf(connection) })}
                  onClick={() =>
                    remove.mutate(connection.id, {
                      onSuccess: () => toast.success(t('make.deleted')),
                      onError: failed,
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                  {t('make.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : connections.data ? (
        <p className="text-sm text-slate-600">{t('make.none')}</p>
      ) : null}

      <MakeConnectionForm onSaved={() => toast.success(t('make.saved'))} />
    </section>
  );
}

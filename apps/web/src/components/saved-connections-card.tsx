import { Plug, PlugZap, Trash2 } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { LoadError } from '@/components/load-error';
import { errorKey } from '@/lib/api-client';
import { useTranslation } from '@/i18n/use-translation';
import type { ServiceText } from '@/i18n/service-texts';
import { failedWithNothingToShow } from '@/lib/query';

/** A call made on one saved connection by its id (TanStack's `mutate`, as far as this card uses it). */
export interface ConnectionAction<Answer> {
  isPending: boolean;
  mutate: (
    id: string,
    options: { onSuccess: (answer: Answer) => void; onError: (error: unknown) => void },
  ) => void;
}

/**
 * The profile's saved connections to one outside service: each with what identifies it, a Test
 * that calls the service with the saved secret and a Delete, then the form that adds one. A failure
 * is a toast with the translated message and the service's own words.
 */
export function SavedConnectionsCard<Connection extends { id: string }, TestAnswer>({
  service,
  texts,
  connections,
  labelOf,
  summaryOf,
  test,
  testOk,
  remove,
  said,
  Form,
}: {
  /** Names the section (`<service>-connections`) and its heading. */
  service: string;
  texts: ServiceText;
  connections: UseQueryResult<Connection[]>;
  labelOf: (connection: Connection) => string;
  summaryOf: (connection: Connection) => ReactNode;
  test: ConnectionAction<TestAnswer>;
  testOk: (connection: Connection, answer: TestAnswer) => string;
  remove: ConnectionAction<unknown>;
  said: (error: unknown) => string | null;
  /** The form that adds a connection. */
  Form: ComponentType<{ onSaved: (id: string) => void }>;
}) {
  const { t } = useTranslation();
  const failed = (error: unknown) => {
    const saidLine = said(error);
    toast.error(saidLine ? `${t(errorKey(error))} ${saidLine}` : t(errorKey(error)));
  };
  const testId = `${service}-connections`;
  const titleId = `${testId}-title`;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4" data-testid={testId}>
      <div>
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Plug className="size-5 text-brand-600" aria-hidden="true" />
          {texts('title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{texts('intro')}</p>
      </div>

      {failedWithNothingToShow(connections) ? (
        <LoadError messages={[texts('loadFailed')]} onRetry={() => void connections.refetch()} />
      ) : connections.data && connections.data.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {connections.data.map((connection) => (
            <li key={connection.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{labelOf(connection)}</p>
                <p className="truncate text-xs text-slate-600">{summaryOf(connection)}</p>
              </div>
              <div className="flex gap-2">
                <RowAction
                  action={test}
                  id={connection.id}
                  label={texts('test')}
                  ariaLabel={texts('testNamed', { name: labelOf(connection) })}
                  icon={<PlugZap aria-hidden="true" />}
                  onSuccess={(answer) => toast.success(testOk(connection, answer))}
                  onError={failed}
                />
                <RowAction
                  action={remove}
                  id={connection.id}
                  label={texts('delete')}
                  ariaLabel={texts('deleteNamed', { name: labelOf(connection) })}
                  icon={<Trash2 aria-hidden="true" />}
                  onSuccess={() => toast.success(texts('deleted'))}
                  onError={failed}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : connections.data ? (
        <p className="text-sm text-slate-600">{texts('none')}</p>
      ) : null}

      <Form onSaved={() => toast.success(texts('saved'))} />
    </section>
  );
}

/** A small button that runs `action` on one connection, disabled while any such call runs. */
function RowAction<Answer>({
  action,
  id,
  label,
  ariaLabel,
  icon,
  onSuccess,
  onError,
}: {
  action: ConnectionAction<Answer>;
  id: string;
  label: string;
  ariaLabel: string;
  icon: ReactNode;
  onSuccess: (answer: Answer) => void;
  onError: (error: unknown) => void;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={action.isPending}
      aria-label={ariaLabel}
      onClick={() => action.mutate(id, { onSuccess, onError })}
    >
      {icon}
      {label}
    </Button>
  );
}

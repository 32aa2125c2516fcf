import { ExternalLink, Loader2 } from 'lucide-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ProviderErrorAlert } from '@/components/provider-error-alert';
import type { ServiceText } from '@/i18n/service-texts';

/**
 * Pick one of the saved connections to an outside service (or add one, which is then picked), send,
 * then the link to what was sent and `renderSent`. With no connection saved yet the form comes first.
 */
export function SendWithConnectionPanel<Connection extends { id: string }, Sent extends { url: string }>({
  service,
  texts,
  connections,
  optionLabel,
  send,
  said,
  Form,
  openLabel,
  renderSent,
}: {
  /** Names the picker (`send-to-<service>-connection`) and the answer (`sent-to-<service>`). */
  service: string;
  texts: ServiceText;
  connections: UseQueryResult<Connection[]>;
  optionLabel: (connection: Connection) => string;
  send: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    mutate: (connectionId: string, options: { onSuccess: (sent: Sent) => void }) => void;
  };
  said: (error: unknown) => string | null;
  /** The form that adds a connection. */
  Form: ComponentType<{ onSaved: (id: string) => void; onCancel?: () => void }>;
  /** The caption of the link to what was sent, in the service. */
  openLabel: string;
  /** What the viewer should do next, under that link. */
  renderSent: (sent: Sent) => ReactNode;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);

  if (sent) {
    return (
      <div
        className="flex flex-col gap-4 text-sm text-slate-700"
        role="status"
        data-testid={`sent-to-${service}`}
      >
        <p className="font-medium text-slate-900">{texts('sent')}</p>
        <Button asChild>
          <a href={sent.url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {openLabel}
          </a>
        </Button>
        {renderSent(sent)}
      </div>
    );
  }
  if (connections.isPending) return <Skeleton className="h-24 w-full" />;
  const list = connections.data ?? [];
  if (adding || list.length === 0) {
    return (
      <Form
        onSaved={(id) => {
          setChosen(id);
          setAdding(false);
        }}
        onCancel={list.length > 0 ? () => setAdding(false) : undefined}
      />
    );
  }
  const selected = chosen && list.some((connection) => connection.id === chosen) ? chosen : list[0]!.id;
  return (
    <div className="flex flex-col gap-3">
      <FormField id={`send-to-${service}-connection`} label={texts('pick')}>
        {(control) => (
          <NativeSelect
            {...control}
            value={selected}
            onChange={(event) => setChosen(event.target.value)}
            options={list.map((connection) => ({ value: connection.id, label: optionLabel(connection) }))}
          />
        )}
      </FormField>
      {send.isError && <ProviderErrorAlert error={send.error} said={said} />}
      <div className="flex flex-wrap gap-2">
        <Button disabled={send.isPending} onClick={() => send.mutate(selected, { onSuccess: setSent })}>
          {send.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {texts('sendNow')}
        </Button>
        <Button type="button" variant="outline" onClick={() => setAdding(true)}>
          {texts('addNew')}
        </Button>
      </div>
    </div>
  );
}

import { ExternalLink, KeyRound, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { SentToN8n } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorKey } from '@/lib/api-client';
import { useN8nConnections } from '../api/get-n8n-connections';
import { useSendToN8n } from '../api/send-to-n8n';
import { n8nSaid } from '../lib/n8n-error';
import { N8nConnectionForm } from './n8n-connection-form';

/** Pick a saved connection (or add one), send, then the link to the new workflow and the credentials to create. */
export default function SendToN8nPanel({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation();
  const connections = useN8nConnections();
  const send = useSendToN8n(workflowId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [sent, setSent] = useState<SentToN8n | null>(null);

  if (sent) {
    return (
      <div className="flex flex-col gap-4 text-sm text-slate-700" role="status" data-testid="sent-to-n8n">
        <p className="font-medium text-slate-900">{t('connections.sent')}</p>
        <Button asChild>
          <a href={sent.url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {t('connections.openInN8n')}
          </a>
        </Button>
        {sent.credentials.length > 0 ? (
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
        )}
      </div>
    );
  }
  if (connections.isPending) return <Skeleton className="h-24 w-full" />;
  const list = connections.data ?? [];
  if (adding || list.length === 0) {
    return (
      <N8nConnectionForm
        onSaved={(id) => {
          setChosen(id);
          setAdding(false);
        }}
        onCancel={list.length > 0 ? () => setAdding(false) : undefined}
      />
    );
  }
  const selected = chosen && list.some((connection) => connection.id === chosen) ? chosen : list[0]!.id;
  const said = n8nSaid(send.error);
  return (
    <div className="flex flex-col gap-3">
      <FormField id="send-to-n8n-connection" label={t('connections.pick')}>
        {(control) => (
          <NativeSelect
            {...control}
            value={selected}
            onChange={(event) => setChosen(event.target.value)}
            options={list.map((connection) => ({
              value: connection.id,
              label: `${connection.name} (${connection.base_url})`,
            }))}
          />
        )}
      </FormField>
      {send.isError && (
        <div role="alert" className="text-sm text-red-700">
          <p>{t(errorKey(send.error))}</p>
          {said && <p className="mt-1 text-xs">{t('connections.n8nSaid', { message: said })}</p>}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={send.isPending} onClick={() => send.mutate(selected, { onSuccess: setSent })}>
          {send.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {t('connections.sendNow')}
        </Button>
        <Button type="button" variant="outline" onClick={() => setAdding(true)}>
          {t('connections.addNew')}
        </Button>
      </div>
    </div>
  );
}

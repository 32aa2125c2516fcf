import { ExternalLink, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { SentToMake } from '@flowbay/domain/make';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorKey } from '@/lib/api-client';
import { useMakeConnections } from '../api/get-make-connections';
import { useSendToMake } from '../api/send-to-make';
import { makeSaid } from '../lib/make-error';
import { MakeConnectionForm } from './make-connection-form';

/** Pick a saved Make connection (or add one), send, then the link to the new scenario in Make. */
export default function SendToMakePanel({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation();
  const connections = useMakeConnections();
  const send = useSendToMake(workflowId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [sent, setSent] = useState<SentToMake | null>(null);

  if (sent) {
    return (
      <div className="flex flex-col gap-4 text-sm text-slate-700" role="status" data-testid="sent-to-make">
        <p className="font-medium text-slate-900">{t('make.sent')}</p>
        <Button asChild>
          <a href={sent.url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {t('make.openInMake')}
          </a>
        </Button>
        <p>{t('make.afterSend')}</p>
      </div>
    );
  }
  if (connections.isPending) return <Skeleton className="h-24 w-full" />;
  const list = connections.data ?? [];
  if (adding || list.length === 0) {
    return (
      <MakeConnectionForm
        onSaved={(id) => {
          setChosen(id);
          setAdding(false);
        }}
        onCancel={list.length > 0 ? () => setAdding(false) : undefined}
      />
    );
  }
  const selected = chosen && list.some((connection) => connection.id === chosen) ? chosen : list[0]!.id;
  const said = makeSaid(send.error);
  return (
    <div className="flex flex-col gap-3">
      <FormField id="send-to-make-connection" label={t('make.pick')}>
        {(control) => (
          <NativeSelect
            {...control}
            value={selected}
            onChange={(event) => setChosen(event.target.value)}
            options={list.map((connection) => ({
              value: connection.id,
              label: `${connection.name || connection.zone} (${connection.zone}, ${t('make.team', { team: connection.team_id })})`,
            }))}
          />
        )}
      </FormField>
      {send.isError && (
        <div role="alert" className="text-sm text-red-700">
          <p>{t(errorKey(send.error))}</p>
          {said && <p className="mt-1 text-xs">{t('make.makeSaid', { message: said })}</p>}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={send.isPending} onClick={() => send.mutate(selected, { onSuccess: setSent })}>
          {send.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {t('make.sendNow')}
        </Button>
        <Button type="button" variant="outline" onClick={() => setAdding(true)}>
          {t('make.addNew')}
        </Button>
      </div>
    </div>
  );
}

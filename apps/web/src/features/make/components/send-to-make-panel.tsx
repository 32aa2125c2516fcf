import { useTranslation } from '@/i18n/use-translation';
import { useServiceTexts } from '@/i18n/service-texts';
import { SendWithConnectionPanel } from '@/components/send-with-connection-panel';
import { useMakeConnections } from '../api/get-make-connections';
import { useSendToMake } from '../api/send-to-make';
import { useMakeSaid } from '../lib/make-error';
import { MakeConnectionForm } from './make-connection-form';

/** Pick a saved Make connection (or add one), send, then the link to the new scenario in Make. */
export default function SendToMakePanel({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation();
  return (
    <SendWithConnectionPanel
      service="make"
      texts={useServiceTexts('make')}
      connections={useMakeConnections()}
      optionLabel={(connection) =>
        `${connection.name || connection.zone} (${connection.zone}, ${t('make.team', { team: connection.team_id })})`
      }
      send={useSendToMake(workflowId)}
      said={useMakeSaid()}
      Form={MakeConnectionForm}
      openLabel={t('make.openInMake')}
      renderSent={() => <p>{t('make.afterSend')}</p>}
    />
  );
}

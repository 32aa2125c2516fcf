import { useTranslation } from '@/i18n/use-translation';
import { useServiceTexts } from '@/i18n/service-texts';
import { SavedConnectionsCard } from '@/components/saved-connections-card';
import { useDeleteMakeConnection } from '../api/delete-make-connection';
import { useMakeConnections } from '../api/get-make-connections';
import { useTestMakeConnection } from '../api/test-make-connection';
import { useMakeSaid } from '../lib/make-error';
import { MakeConnectionForm } from './make-connection-form';

const labelOf = (connection: { name: string; zone: string }) => connection.name || connection.zone;

/** The profile's Make connections: add one, test one with its saved token, delete one. */
export default function MakeConnectionsCard() {
  const { t } = useTranslation();
  return (
    <SavedConnectionsCard
      service="make"
      texts={useServiceTexts('make')}
      connections={useMakeConnections()}
      labelOf={labelOf}
      summaryOf={(connection) =>
        t('make.summary', { zone: connection.zone, team: connection.team_id, hint: connection.token_hint })
      }
      test={useTestMakeConnection()}
      testOk={(connection, answer) =>
        t('make.testOk', { name: labelOf(connection), user: answer.user_name || answer.user_email })
      }
      remove={useDeleteMakeConnection()}
      said={useMakeSaid()}
      Form={MakeConnectionForm}
    />
  );
}

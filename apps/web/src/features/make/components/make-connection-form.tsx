import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useServiceTexts } from '@/i18n/service-texts';
import { MAKE_CONNECTION_NAME_MAX, MAKE_TOKEN_MAX, MAKE_ZONES, type MakeZone } from '@flowbay/domain/make';
import { ConnectionFormShell, ConnectionSecretField } from '@/components/connection-form-shell';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateMakeConnection } from '../api/create-make-connection';
import { useMakeSaid } from '../lib/make-error';

/** Zone, API token, team ID and name of a new Make connection; `onSaved` gets its id. */
export function MakeConnectionForm({
  onSaved,
  onCancel,
}: {
  onSaved: (id: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateMakeConnection();
  const [zone, setZone] = useState<MakeZone>('eu1.make.com');
  const [token, setToken] = useState('');
  const [teamId, setTeamId] = useState('');

  return (
    <ConnectionFormShell
      service="make"
      create={create}
      bodyOf={(name) => ({ zone, token: token.trim(), team_id: Number(teamId), name })}
      clear={() => {
        setToken('');
        setTeamId('');
      }}
      onSaved={onSaved}
      said={useMakeSaid()}
      texts={useServiceTexts('make')}
      nameMax={MAKE_CONNECTION_NAME_MAX}
      onCancel={onCancel}
    >
      <FormField id="make-connection-zone" label={t('make.zone')} help={t('make.zoneHelp')}>
        {(control) => (
          <NativeSelect
            {...control}
            value={zone}
            onChange={(event) => setZone(event.target.value as MakeZone)}
            options={MAKE_ZONES.map((value) => ({ value, label: value }))}
          />
        )}
      </FormField>
      <ConnectionSecretField
        id="make-connection-token"
        label={t('make.token')}
        help={t('make.tokenHelp')}
        maxLength={MAKE_TOKEN_MAX}
        value={token}
        onChange={setToken}
      />
      <FormField id="make-connection-team" label={t('make.teamId')} help={t('make.teamIdHelp')}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            pattern="[0-9]+"
            required
            placeholder="123456"
            value={teamId}
            onChange={(event) => setTeamId(event.target.value.replace(/\D/g, ''))}
          />
        )}
      </FormField>
    </ConnectionFormShell>
  );
}

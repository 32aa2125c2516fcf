import { Link } from 'react-router';
import { paths } from '@flowbay/domain/routes';
import { AccountPageShell } from '@/components/account-page-shell';
import { ConsentSettings } from '@/features/privacy/components/consent-settings';
import { DataRequests } from '@/features/privacy/components/data-requests';
import { useTranslation } from '@/i18n/use-translation';

export function Component() {
  const { t } = useTranslation();
  return (
    <AccountPageShell
      title={t('privacySettings.title')}
      subtitle={t('privacySettings.subtitle')}
      width="narrow"
    >
      <div className="flex flex-col gap-10">
        <ConsentSettings />
        <DataRequests />
        <p className="text-sm text-slate-600">
          <Link to={paths.privacy()} className="font-medium text-brand-700 hover:underline">
            {t('privacySettings.policyLink')}
          </Link>
        </p>
      </div>
    </AccountPageShell>
  );
}

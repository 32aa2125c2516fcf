import { Link } from 'react-router';
import { paths } from '@flowbay/domain/routes';
import { AccountPageShell } from '@/components/account-page-shell';
import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings-form';
import { useTranslation } from '@/i18n/use-translation';

export function Component() {
  const { t } = useTranslation();
  return (
    <AccountPageShell
      title={t('notifications.settings.title')}
      subtitle={t('notifications.settings.subtitle')}
      width="narrow"
    >
      <NotificationSettingsForm />
      {/* The e-mails of the optional kinds need a consent, given or withdrawn on the privacy page. */}
      <p className="mt-6 text-sm text-slate-600">
        {t('privacySettings.emailsLiveThere')}{' '}
        <Link to={paths.privacySettings()} className="font-medium text-brand-700 hover:underline">
          {t('privacySettings.title')}
        </Link>
      </p>
    </AccountPageShell>
  );
}

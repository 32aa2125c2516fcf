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
    </AccountPageShell>
  );
}

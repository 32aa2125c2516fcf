import { NOTIFICATION_KINDS, type NotificationKind } from '@flowbay/domain';
import { toast } from '@/components/ui/toaster';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/load-error';
import { useTranslation } from '@/i18n/use-translation';
import { errorKey } from '@/lib/api-client';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notifications';

const LABELS = {
  sale: { label: 'notifications.settings.sale', help: 'notifications.settings.saleHelp' },
  workflow_update: { label: 'notifications.settings.update', help: 'notifications.settings.updateHelp' },
  new_listing: { label: 'notifications.settings.newListing', help: 'notifications.settings.newListingHelp' },
} as const;

/** One switch per kind: on means a notification in the app and an e-mail; saved at once. */
export function NotificationSettingsForm() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  if (settings.isError && !settings.data)
    return (
      <LoadError
        messages={[t('notifications.settings.loadFailed')]}
        onRetry={() => void settings.refetch()}
      />
    );
  if (!settings.data) return <Skeleton className="h-40 w-full" />;
  const current = settings.data;
  const toggle = (kind: NotificationKind, enabled: boolean) =>
    update.mutate(
      { [kind]: enabled },
      {
        onSuccess: () => toast.success(t('notifications.settings.saved')),
        onError: (error) =>
          toast.error(t('notifications.settings.saveFailed'), { description: t(errorKey(error)) }),
      },
    );
  return (
    <fieldset className="flex flex-col gap-3" disabled={update.isPending}>
      <legend className="sr-only">{t('notifications.settings.title')}</legend>
      {NOTIFICATION_KINDS.map((kind) => (
        <label
          key={kind}
          className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 has-[:focus-visible]:ring-2"
        >
          <input
            type="checkbox"
            role="switch"
            className="mt-1 size-4 accent-brand-600"
            checked={current[kind]}
            onChange={(event) => toggle(kind, event.target.checked)}
          />
          <span>
            <span className="block font-medium text-slate-900">{t(LABELS[kind].label)}</span>
            <span className="block text-sm text-slate-600">{t(LABELS[kind].help)}</span>
          </span>
        </label>
      ))}
      <p className="text-sm text-slate-600">{t('notifications.settings.emailNote')}</p>
    </fieldset>
  );
}

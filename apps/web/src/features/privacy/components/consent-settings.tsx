import { CONSENT_PURPOSES, type ConsentPurpose } from '@flowbay/domain';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { useTranslation } from '@/i18n/use-translation';
import { errorKey } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useConsents, useSetConsent } from '../api/privacy';

const LABELS = {
  marketing: { label: 'privacySettings.marketing', help: 'privacySettings.marketingHelp' },
  workflow_update: { label: 'privacySettings.workflowUpdate', help: 'privacySettings.workflowUpdateHelp' },
  new_listing: { label: 'privacySettings.newListing', help: 'privacySettings.newListingHelp' },
} as const;

/** One switch per optional e-mail: on is a consent recorded now, off withdraws it; saved at once. */
export function ConsentSettings() {
  const { t, i18n } = useTranslation();
  const consents = useConsents();
  const update = useSetConsent();
  if (consents.isError && !consents.data)
    return <LoadError messages={[t('privacySettings.loadFailed')]} onRetry={() => void consents.refetch()} />;
  if (!consents.data) return <Skeleton className="h-48 w-full" />;
  const byPurpose = new Map(consents.data.consents.map((consent) => [consent.purpose, consent]));
  const toggle = (purpose: ConsentPurpose, granted: boolean) =>
    update.mutate(
      { purpose, granted },
      {
        onSuccess: () => toast.success(t(granted ? 'privacySettings.granted' : 'privacySettings.withdrawn')),
        onError: (error) => toast.error(t('privacySettings.saveFailed'), { description: t(errorKey(error)) }),
      },
    );
  return (
    <fieldset className="flex flex-col gap-3" disabled={update.isPending}>
      <legend className="mb-2 text-lg font-semibold text-slate-900">
        {t('privacySettings.consentsTitle')}
      </legend>
      <p className="text-sm text-slate-600">{t('privacySettings.consentsIntro')}</p>
      {CONSENT_PURPOSES.map((purpose) => {
        const consent = byPurpose.get(purpose);
        return (
          <label
            key={purpose}
            className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 has-[:focus-visible]:ring-2"
          >
            <input
              type="checkbox"
              role="switch"
              className="mt-1 size-4 accent-brand-600"
              checked={consent?.granted ?? false}
              onChange={(event) => toggle(purpose, event.target.checked)}
            />
            <span>
              <span className="block font-medium text-slate-900">{t(LABELS[purpose].label)}</span>
              <span className="block text-sm text-slate-600">{t(LABELS[purpose].help)}</span>
              {consent?.since && (
                <span className="mt-1 block text-xs text-slate-500">
                  {t(consent.granted ? 'privacySettings.grantedSince' : 'privacySettings.withdrawnSince', {
                    date: formatDateTime(consent.since, i18n.language),
                  })}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

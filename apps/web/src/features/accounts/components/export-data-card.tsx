import { MailCheck } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useRequestDataExport } from '../api/export-data';
import { AccountSection } from './account-section';

/** "Export my data": prepared in the background, the link arrives by e-mail. */
export function ExportDataCard() {
  const { t } = useTranslation();
  const request = useRequestDataExport();
  return (
    <AccountSection id="export-title" title={t('settings.exportTitle')}>
      <p className="text-sm text-slate-600">{t('settings.exportText')}</p>
      {request.isSuccess ? (
        <p
          role="status"
          className="flex gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          <MailCheck className="size-5 shrink-0" aria-hidden="true" />
          {t('settings.exportQueued', { email: request.data.email })}
        </p>
      ) : (
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={request.isPending}
            onClick={() =>
              request.mutate(undefined, {
                onError: (error) =>
                  toast.error(t('settings.exportFailed'), { description: t(errorKey(error)) }),
              })
            }
          >
            {t('settings.exportButton')}
          </Button>
        </div>
      )}
    </AccountSection>
  );
}

import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { errorKey } from '@/lib/api-client';
import { useRequestDataExport } from '../api/export-data';

/** "Export my data": prepared in the background, the link arrives by e-mail. */
export function ExportDataCard() {
  const { t } = useTranslation();
  const request = useRequestDataExport();
  return (
    <section aria-labelledby="export-title" className="flex flex-col gap-3">
      <h2 id="export-title" className="text-lg font-semibold text-slate-900">
        {t('settings.exportTitle')}
      </h2>
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
    </section>
  );
}

import { useTranslation } from '@/i18n/use-translation';
import { errorKey } from '@/lib/api-client';

/**
 * A failed call to an outside service: the translated message, then, when `said` finds them, the
 * service's own words (already put in a sentence such as "n8n said: …").
 */
export function ProviderErrorAlert({
  error,
  said,
}: {
  error: unknown;
  said: (error: unknown) => string | null;
}) {
  const { t } = useTranslation();
  const saidLine = said(error);
  return (
    <div role="alert" className="text-sm text-red-700">
      <p>{t(errorKey(error))}</p>
      {saidLine && <p className="mt-1 text-xs">{saidLine}</p>}
    </div>
  );
}

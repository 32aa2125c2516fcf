import { useTranslation } from '@/i18n/use-translation';
import { providerSaid } from '@/lib/provider-error';

/** "n8n said: …" under an error that came from the user's n8n (null for any other error). */
export function useN8nSaid() {
  const { t } = useTranslation();
  return (error: unknown) => {
    const said = providerSaid(error, 'n8n_message');
    return said ? t('connections.n8nSaid', { message: said }) : null;
  };
}

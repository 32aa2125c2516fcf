import { useTranslation } from '@/i18n/use-translation';
import { providerSaid } from '@/lib/provider-error';

/** "Make said: …" under an error that came from Make, in Make's words (null for any other error). */
export function useMakeSaid() {
  const { t } = useTranslation();
  return (error: unknown) => {
    const said = providerSaid(error, 'make_message');
    return said ? t('make.makeSaid', { message: said }) : null;
  };
}

import { useId } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { NativeSelect } from '@/components/ui/native-select';
import { SUPPORTED_LANGUAGES } from '@/i18n';

export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t('nav.language')}
      </label>
      <NativeSelect
        id={id}
        value={i18n.language === 'vi' ? 'vi' : 'en'}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
        wrapperClassName={className ?? 'w-36'}
        options={SUPPORTED_LANGUAGES.map((language) => ({
          value: language,
          label: t(`languages.${language}`),
        }))}
      />
    </>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { toast } from '@/components/ui/toaster';
import type { TranslateInput } from '@flowbay/domain/translate';
import { TRANSLATE_LANGUAGES } from '@flowbay/domain/translate-languages';
import { useTranslateStatus, useTranslatedTexts } from './api/translate';

/**
 * The detail page's translate toggle: off shows the listing's text, on shows a machine translation.
 * It is offered only when a translation provider is configured and the text shown is not in the
 * visitor's language (`language`: the listing has no translation into it); the target defaults to
 * the visitor's language.
 */
export function useTranslateToggle(title: string, description: string, language: 'en' | 'vi') {
  const { t, i18n } = useTranslation();
  const status = useTranslateStatus();
  const defaultTarget: TranslateInput['target'] = i18n.language === 'vi' ? 'vi' : 'en';
  const [on, setOn] = useState(false);
  const [target, setTarget] = useState<TranslateInput['target']>(defaultTarget);
  useEffect(() => setTarget(defaultTarget), [defaultTarget]);

  const visible = Boolean(status.data?.available) && language !== defaultTarget;
  const texts = description ? [title, description] : [title];
  const translated = useTranslatedTexts(texts, target, visible && on);

  useEffect(() => {
    if (translated.isError) toast.error(t('translate.failed'));
  }, [translated.isError, t]);

  const result = on && translated.data ? translated.data.translations : null;
  return {
    visible,
    on,
    pending: on && translated.isFetching,
    target,
    languages: status.data?.languages ?? [],
    toggle: () => setOn((value) => !value),
    /** Only a language the server translates to (the select lists those) is taken. */
    setTarget: (language: string) => {
      const known = TRANSLATE_LANGUAGES.find((candidate) => candidate === language);
      if (known) setTarget(known);
    },
    title: result?.[0] ?? title,
    description: description && result?.[1] !== undefined ? result[1] : description,
  };
}

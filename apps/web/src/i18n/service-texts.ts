import { useTranslation } from '@/i18n/use-translation';
import type { TranslationKey } from '@/i18n/keys';

/**
 * The texts every outside service a user connects to (n8n, Make) has under the same names in its own
 * section of en.json/vi.json: its saved connections card, its connection form and its send dialog.
 */
export type ServiceTextKey =
  | 'title'
  | 'intro'
  | 'loadFailed'
  | 'none'
  | 'test'
  | 'testNamed'
  | 'delete'
  | 'deleteNamed'
  | 'deleted'
  | 'name'
  | 'namePlaceholder'
  | 'save'
  | 'saved'
  | 'cancel'
  | 'pick'
  | 'sendNow'
  | 'addNew'
  | 'send'
  | 'sendIntro'
  | 'sent'
  | 'close';

/** One of a service's texts, with the values it names (`{ name }` for testNamed and deleteNamed). */
export type ServiceText = (key: ServiceTextKey, values?: Record<string, unknown>) => string;

/** The texts of `section`, which `tsc` checks has every ServiceTextKey. */
export function useServiceTexts<Section extends string>(
  section: Section & (`${Section}.${ServiceTextKey}` extends TranslationKey ? unknown : never),
): ServiceText {
  const { t } = useTranslation();
  return (key, values) => String(t(`${section}.${key}` as TranslationKey, values as never));
}

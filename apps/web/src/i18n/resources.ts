import type { API_MESSAGES } from '@flowbay/domain/messages';
import type en from './en.json';
import type pagesEn from './pages.en.json';
import type signedInEn from './signed-in.en.json';

type ApiMessages = (typeof API_MESSAGES)['en'];

/**
 * en.json and the signed-in screens' texts, with the API's error and validation messages from the
 * catalogue in packages/domain.
 */
export type TranslationResource = Omit<typeof en, 'errors'> &
  typeof signedInEn & {
    errors: (typeof en)['errors'] & ApiMessages['errors'];
    validation: ApiMessages['validation'];
    safety: ApiMessages['safety'];
    severities: ApiMessages['severities'];
  };

/** The one merge of the UI's texts with the API's messages, shared with the server and the e2e tests. */
export { withApiMessages } from '@flowbay/domain/text-lookup';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResource; pages: typeof pagesEn };
  }
}

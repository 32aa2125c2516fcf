import { useTranslation } from '@/i18n/use-translation';

/** Long texts of the static pages live in their own namespace, loaded only when such a page opens. */
export function usePagesText() {
  return useTranslation('pages');
}

export interface TextSection {
  title: string;
  body: string[];
}

import { useQuery } from '@tanstack/react-query';
import type { TranslateInput } from '@flowbay/domain/translate';
import { api } from '@/lib/api-client';
import { defineQuery, defineStaticQuery } from '@/lib/query';
import { translateKeys } from './query-keys';

export const translateStatusQueryOptions = defineStaticQuery(translateKeys.status(), (signal) =>
  api.get('/api/translate', { signal }),
);

function translateTexts(texts: string[], target: TranslateInput['target']) {
  return api.post('/api/translate', { body: { texts, target } });
}

export function useTranslateStatus() {
  return useQuery(translateStatusQueryOptions);
}

/** Translations of `texts` while `enabled`; a failure leaves the caller on the original text. */
export function useTranslatedTexts(texts: string[], target: TranslateInput['target'], enabled: boolean) {
  return useQuery(
    defineQuery(translateKeys.texts(target, texts), () => translateTexts(texts, target), {
      enabled,
      staleTime: Infinity,
      retry: false,
    }),
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TranslateStatus {
  available: boolean;
  languages: string[];
}

export const translateStatusQueryOptions = queryOptions({
  queryKey: ['translate', 'status'],
  queryFn: ({ signal }) => api.get<TranslateStatus>('/api/translate', undefined, signal),
  staleTime: Infinity,
});

export function translateTexts(texts: string[], target: string): Promise<{ translations: string[] }> {
  return api.post('/api/translate', { texts, target });
}

export function useTranslateStatus() {
  return useQuery(translateStatusQueryOptions);
}

/** Translations of `texts` while `enabled`; a failure leaves the caller on the original text. */
export function useTranslatedTexts(texts: string[], target: string, enabled: boolean) {
  return useQuery({
    queryKey: ['translate', target, texts],
    queryFn: () => translateTexts(texts, target),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

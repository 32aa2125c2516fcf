import { useQuery } from '@tanstack/react-query';
import { TRANSLATE_TEXTS_MAX } from '@flowbay/domain/translate-languages';
import { api } from '@/lib/api-client';
import { defineStaticQuery } from '@/lib/query';

// The same entry as the workflow page's translate toggle: one answer serves both.
const statusQuery = defineStaticQuery(['translate', 'status'] as const, (signal) =>
  api.get('/api/translate', { signal }),
);

/** Whether a translation provider is configured and translates into `target`. */
export function useCanSuggestTranslation(target: 'en' | 'vi'): boolean {
  const status = useQuery(statusQuery).data;
  return Boolean(status?.available && status.languages.includes(target));
}

/**
 * Machine translations of `texts` into `target`, asked TRANSLATE_TEXTS_MAX at a time (the API's
 * limit); empty texts stay empty and are not sent. Nothing is saved: the author edits the result.
 */
export async function suggestTranslations(texts: string[], target: 'en' | 'vi'): Promise<string[]> {
  const result = texts.map(() => '');
  const asked = texts.flatMap((text, index) => (text.trim() ? [index] : []));
  for (let start = 0; start < asked.length; start += TRANSLATE_TEXTS_MAX) {
    const indexes = asked.slice(start, start + TRANSLATE_TEXTS_MAX);
    const { translations } = await api.post('/api/translate', {
      body: { texts: indexes.map((index) => texts[index]!), target },
    });
    indexes.forEach((index, at) => (result[index] = translations[at] ?? ''));
  }
  return result;
}

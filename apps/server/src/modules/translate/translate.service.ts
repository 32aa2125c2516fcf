import { createHash } from 'node:crypto';
import { TRANSLATE_LANGUAGES, type TranslateInput, type TranslateStatus } from '@flowbay/domain/translate';
import { AppError } from '../../lib/errors.ts';
import { ProviderError, type TranslationProvider } from './translate.provider.ts';
import type { TranslateRepository } from './translate.repository.ts';

/** The cache key: the same text to the same language is translated once for everybody. */
export function translationId(text: string, target: string): string {
  return createHash('sha256').update(`${target}\u0000${text}`).digest('hex');
}

const unavailable = (reason: 'notConfigured' | 'providerFailed') =>
  new AppError({ code: 'TRANSLATION_UNAVAILABLE', case: reason }, 'Translation is not available');

export function createTranslateService(
  repository: TranslateRepository,
  provider: TranslationProvider | null,
  log?: { warn(details: object, message: string): void },
) {
  return {
    /** Whether machine translation is configured, and its target languages. */
    status(): TranslateStatus {
      return { available: provider !== null, languages: provider ? [...TRANSLATE_LANGUAGES] : [] };
    },

    async translate({ texts, target }: TranslateInput): Promise<string[]> {
      if (!provider) throw unavailable('notConfigured');
      const ids = texts.map((text) => translationId(text, target));
      const cached = await repository.findMany(ids);
      const missing = [
        ...new Set(texts.filter((text, index) => text.trim() !== '' && !cached.has(ids[index]!))),
      ];
      if (missing.length > 0) {
        let translated: string[];
        try {
          translated = await provider.translate(missing, target);
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          log?.warn({ provider: provider.name, reason: error.message }, 'translation failed');
          throw unavailable('providerFailed');
        }
        const rows = missing.map((text, index) => ({
          id: translationId(text, target),
          sourceText: text,
          target,
          translated: translated[index]!,
        }));
        await repository.saveMany(rows);
        for (const row of rows) cached.set(row.id, row.translated);
      }
      return texts.map((text, index) => (text.trim() === '' ? text : cached.get(ids[index]!)!));
    },
  };
}

export type TranslateService = ReturnType<typeof createTranslateService>;

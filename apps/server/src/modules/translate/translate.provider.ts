import type { Env } from '../../env.ts';

/** A machine translation service; `translate` keeps the order of `texts`. */
export interface TranslationProvider {
  readonly name: string;
  translate(texts: string[], target: string): Promise<string[]>;
}

export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

const TIMEOUT_MS = 10_000;

/** A LibreTranslate-compatible server (`POST /translate` with `q` as a list, source detected). */
export function createLibreTranslateProvider(
  baseUrl: string,
  apiKey?: string,
  fetchImpl: typeof fetch = fetch,
): TranslationProvider {
  const endpoint = new URL('translate', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  return {
    name: 'libretranslate',
    async translate(texts, target) {
      let response: Response;
      try {
        response = await fetchImpl(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            q: texts,
            source: 'auto',
            target,
            format: 'text',
            ...(apiKey ? { api_key: apiKey } : {}),
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new ProviderError(`translation server unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new ProviderError(`translation server answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as { translatedText?: unknown } | null;
      const translated = body?.translatedText;
      const list = Array.isArray(translated)
        ? translated
        : typeof translated === 'string'
          ? [translated]
          : null;
      if (!list || list.length !== texts.length || !list.every((item) => typeof item === 'string')) {
        throw new ProviderError('translation server sent an unexpected answer');
      }
      return list as string[];
    },
  };
}

/** The provider chosen by settings: LibreTranslate when TRANSLATE_URL is set, otherwise none. */
export function createTranslationProvider(
  env: Pick<Env, 'TRANSLATE_URL' | 'TRANSLATE_API_KEY'>,
): TranslationProvider | null {
  return env.TRANSLATE_URL ? createLibreTranslateProvider(env.TRANSLATE_URL, env.TRANSLATE_API_KEY) : null;
}

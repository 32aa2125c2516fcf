import { defineModule, route } from '../../lib/modules.ts';
import { createTranslationProvider, type TranslationProvider } from './translate.provider.ts';
import { createTranslateRepository } from './translate.repository.ts';
import { translateRoutes } from './translate.routes.ts';
import { createTranslateService, type TranslateService } from './translate.service.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** Machine translation of user texts (the web pages say whether it is offered). */
    translate: TranslateService;
  }
}

/**
 * Machine translation, cached. `translator`: a provider, `null` for none, or by default LibreTranslate
 * at TRANSLATE_URL when it is set.
 */
export function translateModule(translator?: TranslationProvider | null) {
  return defineModule({
    name: 'translate',
    needs: ['db', 'env', 'log'],
    provides: ['translate'],
    build: ({ db, env, log }) => ({
      translate: createTranslateService(
        createTranslateRepository(db),
        translator === undefined ? createTranslationProvider(env) : translator,
        log,
      ),
    }),
    routes: ({ translate }) => [route(translateRoutes, { translate })],
  });
}

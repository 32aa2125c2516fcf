import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchPage } from '@flowbay/domain/routes';
import type { UiLanguage } from './web.head.ts';

/** What the web build lists for each page (apps/web/vite.config.ts, `listStartChunks`). */
interface StartChunks {
  start: string[];
  pages: Record<string, { files: string[]; texts: string[] }>;
  texts: Record<string, string[]>;
  /**
   * For a page rendered for a signed-in visitor: the chunks of the parts it shows from the server,
   * on every page (`all`: the account menu) and on one (by page id: the detail page's reviews).
   */
  signedIn?: Record<string, string[]>;
}

/** Written by the web build beside index.html (apps/web/vite.config.ts). */
const PRELOAD_FILE = join('.vite', 'preload.json');

/**
 * The chunks each page starts with, for the page to preload (main.tsx): the app's, the page's own,
 * its texts in the page's language, and for a page rendered for a signed-in visitor the account
 * menu's (and the detail page's reviews'). Without the build's list (an older build, the API tests' template), pages name none and
 * load their chunks as they go.
 */
export function startChunks(
  distDir: string,
): (pathname: string, language: UiLanguage, signedIn: boolean) => string[] {
  const path = join(distDir, PRELOAD_FILE);
  if (!existsSync(path)) return () => [];
  const list = JSON.parse(readFileSync(path, 'utf8')) as StartChunks;
  return (pathname, language, signedIn) => {
    const id = matchPage(pathname).id;
    const page = list.pages[id];
    return [
      ...new Set([
        ...list.start,
        ...(page?.files ?? []),
        ...[`translation`, ...(page?.texts ?? [])].flatMap(
          (namespace) => list.texts[`${namespace}.${language}`] ?? [],
        ),
        ...(signedIn ? [...(list.signedIn?.all ?? []), ...(list.signedIn?.[id] ?? [])] : []),
      ]),
    ];
  };
}

import { readServerState } from './app/server-state';
import { yieldToBrowser } from './lib/yield-to-browser';
import './index.css';

const PRELOADS_PER_TASK = 6;

/**
 * The chunks this page starts with, named by the server (web.preload.ts): downloaded together, though
 * evaluated one step at a time below. The server names them in a data block rather than as links in
 * the head, where they would download before the stylesheet and delay the first paint. Starting a
 * download costs the page about a millisecond on a slow phone, so they start a few per task, in the
 * order the steps need them.
 */
async function preloadStartChunks() {
  const block = document.getElementById('flowbay-preload');
  const hrefs = block?.textContent ? (JSON.parse(block.textContent) as string[]) : [];
  for (let index = 0; index < hrefs.length; index++) {
    if (index > 0 && index % PRELOADS_PER_TASK === 0) await yieldToBrowser();
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = hrefs[index]!;
    document.head.append(link);
  }
}
/**
 * The app starts in steps, each a task of its own so none blocks the page for long on a slow phone:
 * the texts, React DOM, the router, the app with the page's own chunks, then the hydration (which
 * React itself splits).
 */
async function start() {
  void preloadStartChunks();
  const state = readServerState();
  const { i18n, initI18n, savedLanguage } = await import('./i18n');
  // Read before init, which records the rendered language in both places.
  const earlierChoice = /(?:^|; )lang=/.test(document.cookie) ? null : savedLanguage();
  await yieldToBrowser();
  await initI18n();
  await yieldToBrowser();
  // Evaluated alone, the largest first: React DOM, then the router and the query cache.
  await import('react-dom/client');
  await import('./app/libraries');
  const { startApp } = await import('./app/boot');
  // A choice made on this device before the language cookie existed still wins, unless the address
  // asked for a language: the page is then rendered anew in it (once; the cookie remembers it).
  const explicit = new URLSearchParams(window.location.search).has('lang');
  const relanguage = earlierChoice && !explicit && earlierChoice !== i18n.language ? earlierChoice : null;
  await startApp(document.getElementById('root')!, state, relanguage);
}

void start();

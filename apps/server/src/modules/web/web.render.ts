import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KnownPageData } from '@flowbay/domain/page-data';
import { N8nRelease } from '@flowbay/domain/checks';
import { injectHead, type UiLanguage } from './web.head.ts';

/** The web app's server bundle (`apps/web/src/entry-server.tsx`, built with `vite build --ssr`). */
export interface WebRenderer {
  render(
    url: URL,
    language: UiLanguage,
    known?: KnownPageData,
  ): Promise<{ html: string; state: string; signedIn: boolean }>;
  setApiFetch(fetch: (input: string, init: RequestInit) => Promise<Response>): void;
}

export const SSR_ENTRY = join('server', 'entry-server.js');

/** Where the web app asks for the visitor's session (features/accounts/api/get-session.ts). */
const SESSION_PATH = '/api/auth/get-session';

/** The cookie and language of the visitor a render is for, read by the render's in-process API calls. */
const visitor = new AsyncLocalStorage<{ cookie: string | undefined; language: UiLanguage }>();

/**
 * Runs `render` for the visitor of `request` in the page's `language`: the API calls it makes carry
 * their cookie (their session, if any) and that language, and nothing else, so the page holds exactly
 * what the API answers them (a listing's texts in their language, docs/decisions/0173).
 */
export function renderForVisitor<T>(
  request: FastifyRequest,
  language: UiLanguage,
  render: () => Promise<T>,
): Promise<T> {
  return visitor.run({ cookie: request.headers.cookie, language }, render);
}

/**
 * Loads the render bundle beside the client build, and points its API calls at this server, in
 * process, as the visitor the page is for (see renderForVisitor); outside one, as nobody.
 */
export async function loadRenderer(app: FastifyInstance, distDir: string): Promise<WebRenderer | null> {
  const entry = join(distDir, SSR_ENTRY);
  if (!existsSync(entry)) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as WebRenderer;
  renderer.setApiFetch(async (input, init) => {
    const store = visitor.getStore();
    const cookie = store?.cookie;
    // Without a cookie there is no session to find: the API's answer (null) is known without asking.
    if (!cookie && input === SESSION_PATH) return Response.json(null);
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: input,
      headers: {
        // The page's language: the app's own header names its one shared i18n instance's language.
        'x-language': store?.language ?? new Headers(init.headers).get('x-language') ?? 'en',
        ...(cookie ? { cookie } : {}),
      },
    });
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  });
  return renderer;
}

function cookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The n8n release the visitor remembered in the catalogue (the web app's `n8n` cookie), null when none. */
export function n8nRelease(request: FastifyRequest): string | null {
  const value = cookie(request, 'n8n') ?? '';
  return N8nRelease.safeParse(value).success ? value : null;
}

const isLanguage = (value: unknown): value is UiLanguage => value === 'en' || value === 'vi';

/** `?lang=` first, then the visitor's earlier choice (the `lang` cookie), then Accept-Language. */
export function pageLanguage(request: FastifyRequest): UiLanguage {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(query)) return query;
  const chosen = cookie(request, 'lang');
  if (isLanguage(chosen)) return chosen;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((param) => param.trim().startsWith('q='));
      return { language: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => isLanguage(entry.language) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return accepted[0]?.language === 'vi' ? 'vi' : 'en';
}

/** Whether the request carries any cookie (a session, perhaps): its HTML must not be shared. */
export function hasCookies(request: FastifyRequest): boolean {
  return Boolean(request.headers.cookie?.trim());
}

/** JSON inside <script>: `<` escaped so no text can close the tag. */
export function scriptJson(value: string): string {
  return value
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const ROOT_START = '<div id="root">';
const BODY_END = '</body>';

/**
 * The page: the built index.html with the head between its markers, the language on <html>, the
 * chunks the page starts with as a JSON data block (main.tsx preloads them once the page has
 * painted: as links in the head they would download before the stylesheet and the first paint),
 * and, when rendered, the app's markup in #root (replacing the shell) and its state, also as JSON.
 */
export function composePage(
  template: string,
  head: string,
  language: UiLanguage,
  body: { html: string; state: string } | null,
  preload: string[] = [],
): string {
  const withPreload = preload.length
    ? template.replace(
        BODY_END,
        `  <script type="application/json" id="flowbay-preload">${scriptJson(JSON.stringify(preload))}</script>\n  ${BODY_END}`,
      )
    : template;
  const page = injectHead(
    // A rendered page hydrates in its language (data-ssr); the shell of a client-rendered screen says
    // the language chosen here (?lang=, the cookie, Accept-Language) for a device with no choice saved.
    withPreload.replace(
      /<html lang="[^"]*"/,
      `<html lang="${language}"${body ? ' data-ssr' : ' data-lang-negotiated'}`,
    ),
    head,
  );
  if (!body) return page;
  const rootStart = page.indexOf(ROOT_START);
  const bodyEnd = page.lastIndexOf(BODY_END);
  if (rootStart < 0 || bodyEnd < rootStart) return page;
  // The shell runs to the closing </div> before the first <script> after #root.
  const scriptAfter = page.indexOf('<script', rootStart);
  const rootEnd = page.lastIndexOf('</div>', scriptAfter < 0 ? bodyEnd : scriptAfter);
  return `${page.slice(0, rootStart)}${ROOT_START}${body.html}</div>\n    <script type="application/json" id="flowbay-state">${scriptJson(body.state)}</script>${page.slice(rootEnd + '</div>'.length)}`;
}

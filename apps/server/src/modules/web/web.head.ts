import { truncateDescription } from '@flowbay/domain/text';
import { matchPage } from '@flowbay/domain/routes';
import type { PageDeclaration } from '../../../../web/src/app/page.ts';
import { PAGE_MODULES } from '../../../../web/src/app/page-modules.ts';
import { uiTexts } from '../../../../web/src/i18n/texts.ts';

export const UI_LANGUAGES = ['en', 'vi'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical address, e.g. `/workflows/slug-id`. */
  path: string;
  image?: string | null;
  /** An image the page shows above the fold (a paid workflow's cover): fetched before any script runs. */
  preloadImage?: string | null;
  type?: 'website' | 'article' | 'profile';
  noindex?: boolean;
  jsonLd?: object;
  /**
   * A listing: each language has its own pinned address (`?lang=en`, `?lang=vi`), the plain one follows
   * the visitor (x-default), as the sitemap says (docs/decisions/0173).
   */
  pinnedLanguages?: boolean;
}

/** The address of `path` in `language`: English is the plain address, Vietnamese adds `?lang=vi`. */
export function languageUrl(publicUrl: string, path: string, language: UiLanguage): string {
  return `${publicUrl}${path}${language === 'vi' ? '?lang=vi' : ''}`;
}

const SITE = 'Flowbay';
export const HEAD_START = '<!--app-head-->';
export const HEAD_END = '<!--/app-head-->';

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** JSON inside <script>: `<` escaped so no text can close the tag. */
function scriptJson(value: object): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A listing's address pinned to one language. */
export function pinnedLanguageUrl(publicUrl: string, path: string, language: UiLanguage): string {
  return `${publicUrl}${path}?lang=${language}`;
}

export function renderHead(head: PageHead, publicUrl: string, language: UiLanguage = 'en'): string {
  const title = head.title.includes(SITE) ? head.title : `${head.title} | ${SITE}`;
  const description = truncateDescription(head.description);
  const addressIn = head.pinnedLanguages ? pinnedLanguageUrl : languageUrl;
  const url = addressIn(publicUrl, head.path, language);
  const image = head.image
    ? head.image.startsWith('http')
      ? head.image
      : `${publicUrl}${head.image}`
    : null;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(head.noindex
      ? []
      : [
          ...UI_LANGUAGES.map(
            (alternate) =>
              `<link rel="alternate" hreflang="${alternate}" href="${escapeHtml(addressIn(publicUrl, head.path, alternate))}" />`,
          ),
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml(head.pinnedLanguages ? `${publicUrl}${head.path}` : languageUrl(publicUrl, head.path, 'en'))}" />`,
        ]),
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
    `<meta property="og:locale" content="${language === 'vi' ? 'vi_VN' : 'en_US'}" />`,
    `<meta property="og:locale:alternate" content="${language === 'vi' ? 'en_US' : 'vi_VN'}" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
    head.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}" fetchpriority="high" />`
      : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Puts the page's head between the markers of the built index.html. */
export function injectHead(template: string, head: string): string {
  const start = template.indexOf(HEAD_START);
  const end = template.indexOf(HEAD_END);
  if (start < 0 || end < start) return template.replace('</head>', `  ${head}\n  </head>`);
  return `${template.slice(0, start)}${head}${template.slice(end + HEAD_END.length)}`;
}

/** A text of the web app (`section.key`), `{{name}}` filled in: the lookup the web app and the e2e tests use too. */
export function uiText(language: UiLanguage, key: string, values: Record<string, string> = {}): string {
  return uiTexts(language)(key, values);
}

/** A public page's head without data, in the visitor's language, as the page declares it (`routes/<file>.page.ts`). */
export function staticHead(path: string, language: UiLanguage): Omit<PageHead, 'path'> {
  const page = PAGE_MODULES[matchPage(path).id] as PageDeclaration;
  return page.head!(uiTexts(language));
}

/** The head of a page that is not there (`title`: what is missing), kept out of search. */
export function notFoundHead(language: UiLanguage, title?: string) {
  const head = (PAGE_MODULES.notFound as PageDeclaration).head!(uiTexts(language));
  return { ...head, ...(title ? { title } : {}), noindex: true };
}

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  PAGES,
  STATIC_PUBLIC_PAGES,
  endpoints,
  formatVnd,
  matchPage,
  paths,
  workflowPath,
  type EndpointKey,
  type Endpoints,
  type PaymentProviders,
  type WorkflowDetail,
} from '@flowbay/domain';
import type { KnownPageData } from '@flowbay/domain/page-data';
import type { TranslateStatus } from '@flowbay/domain/translate';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import {
  UI_LANGUAGES,
  escapeHtml,
  languageUrl,
  pinnedLanguageUrl,
  notFoundHead,
  renderHead,
  staticHead,
  uiText,
  type PageHead,
  type UiLanguage,
} from './web.head.ts';
import {
  composePage,
  hasCookies,
  loadRenderer,
  n8nRelease,
  pageLanguage,
  renderForVisitor,
} from './web.render.ts';
import { startChunks } from './web.preload.ts';
import type { ProfilesRepository } from '../profiles/index.ts';
import { createWebRepository } from './web.repository.ts';
import { uiTexts } from '../../../../web/src/i18n/texts.ts';
import { page as profilePage } from '../../../../web/src/app/routes/public-profile.page.ts';
import { page as bundlePage } from '../../../../web/src/app/routes/bundle.page.ts';
import {
  page as workflowPage,
  workflowHeadData,
} from '../../../../web/src/app/routes/workflow-detail.page.ts';
import { ogImageUrl } from '../share-images/index.ts';

/** apps/web/dist, found from this file so the server can start from any working directory. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML_CACHE = 'no-cache';
const PRIVATE_HTML_CACHE = 'private, no-cache';

interface WebOptions {
  env: Env;
  db: Database;
  catalog: Pick<CatalogService, 'authorStats' | 'getWithBasics' | 'versionsOf'>;
  ratings: Pick<RatingsService, 'listOf'>;
  profiles: Pick<ProfilesRepository, 'findPublic'>;
  /** The same for every visitor: whether translation is offered, and the ways to pay. */
  facts: { translateStatus(): TranslateStatus; paymentProviders(): PaymentProviders };
  /** The built web app; `null` or a folder without index.html serves only robots.txt and the sitemap. */
  distDir: string | null;
}

/** robots.txt: the route table's `disallow` pages, parameters as `*`. */
export function robotsTxt(publicUrl: string): string {
  const disallowed = Object.values(PAGES)
    .filter((page) => 'disallow' in page && page.disallow)
    .map((page) => `Disallow: ${page.pattern.replace(/:[A-Za-z]+/g, '*')}`);
  return [
    'User-agent: *',
    'Allow: /',
    // "/profile" would also match "/profiles/…" as a prefix; the longer Allow wins for public profiles.
    'Allow: /profiles/',
    ...disallowed,
    'Crawl-delay: 1',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export const SITEMAP_STATIC_PATHS = STATIC_PUBLIC_PAGES.map((id) => PAGES[id].pattern);

type Answer<K extends EndpointKey> = Endpoints[K]['response'] extends z.ZodType
  ? z.output<Endpoints[K]['response']>
  : never;

/** `value` as the API's route for `key` sends it: through its response schema, then JSON. */
function answered<K extends EndpointKey>(key: K, value: unknown): Answer<K> {
  const schema = endpoints[key].response as z.ZodType;
  return JSON.parse(JSON.stringify(schema.parse(value))) as Answer<K>;
}

type HeadReview = { rating: number; body: string; createdAt: Date; name: string | null };
/** Reviews named in the detail page's JSON-LD (the newest visible ones). */
const JSON_LD_REVIEWS = 5;

function workflowHead(
  workflow: WorkflowDetail,
  publicUrl: string,
  language: UiLanguage,
  reviews: HeadReview[] = [],
): PageHead {
  const path = workflowPath(workflow);
  const data = workflowHeadData(workflow);
  const { author } = data;
  const platform = data.platform ?? uiText(language, 'detail.metaFallbackPlatform');
  // The title and description the page declares (the same the app shows on navigation).
  const { title, description } = workflowPage.head!(uiTexts(language), data);
  return {
    title,
    description,
    path,
    image: workflow.status === 'listed' ? ogImageUrl(workflow, language) : workflow.cover_image_url,
    // A paid workflow shows its cover where a free one shows the preview: the cover is the largest paint.
    preloadImage: workflow.price > 0 ? workflow.cover_image_url : null,
    type: 'article',
    pinnedLanguages: true,
    // Only its author, an admin or a buyer of a withdrawn one see an unlisted workflow: not for search.
    noindex: workflow.status !== 'listed',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'SoftwareSourceCode',
      name: workflow.title,
      inLanguage: data.language,
      description: description.slice(0, 500),
      url: `${publicUrl}${path}`,
      dateCreated: workflow.created_at,
      dateModified: workflow.updated_at,
      version: workflow.version,
      ...(workflow.cover_image_url
        ? {
            image: workflow.cover_image_url.startsWith('http')
              ? workflow.cover_image_url
              : `${publicUrl}${workflow.cover_image_url}`,
          }
        : {}),
      ...(platform ? { runtimePlatform: platform } : {}),
      keywords: workflow.workflow_subcategories.map((item) => item.subcategories.name).join(', '),
      ...(author
        ? {
            author: {
              '@type': 'Person',
              name: author,
              url: `${publicUrl}${paths.publicProfile(workflow.user_id)}`,
            },
          }
        : {}),
      offers: {
        '@type': 'Offer',
        price: workflow.price,
        priceCurrency: 'VND',
        availability: 'https://schema.org/InStock',
      },
      interactionStatistic: [
        {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/ViewAction',
          userInteractionCount: workflow.views,
        },
        {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/DownloadAction',
          userInteractionCount: workflow.downloads,
        },
      ],
      // Only real, visible reviews: none are invented, and a workflow nobody rated has no rating.
      ...(workflow.rating_count > 0 && workflow.rating_average !== null
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: workflow.rating_average,
              ratingCount: workflow.rating_count,
              bestRating: 5,
              worstRating: 1,
            },
            review: reviews.map((review) => ({
              '@type': 'Review',
              reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
              author: { '@type': 'Person', name: review.name ?? 'Flowbay user' },
              datePublished: review.createdAt.toISOString(),
              ...(review.body ? { reviewBody: review.body.slice(0, 1000) } : {}),
            })),
          }
        : {}),
    },
  };
}

/** The built web app with each public page's <head> rendered here, plus robots.txt and the sitemap. */
export async function webRoutes(
  app: FastifyInstance,
  { env, db, catalog, ratings, profiles, facts, distDir }: WebOptions,
) {
  const repository = createWebRepository(db);
  const publicUrl = env.PUBLIC_URL;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [workflows, authors] = await Promise.all([
      repository.listedWorkflows(),
      repository.authorsWithListedWorkflows(),
    ]);
    const lastmodOf = (lastmod?: Date) => (lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '');
    // Each page in both languages (English plain, Vietnamese with ?lang=vi).
    const entry = (path: string, lastmod?: Date) =>
      UI_LANGUAGES.map(
        (language) =>
          `  <url><loc>${escapeHtml(languageUrl(publicUrl, path, language))}</loc>${lastmodOf(lastmod)}</url>`,
      ).join('\n');
    // A listing in each language, pinned by ?lang= (a listing's texts follow it, docs/decisions/0173),
    // each naming the other and the plain address (the visitor's own language) as alternates.
    const listingEntry = (path: string, lastmod: Date) => {
      const pinned = (language: UiLanguage) => escapeHtml(pinnedLanguageUrl(publicUrl, path, language));
      const alternates = [
        ...UI_LANGUAGES.map(
          (language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${pinned(language)}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(`${publicUrl}${path}`)}"/>`,
      ].join('');
      return UI_LANGUAGES.map(
        (language) => `  <url><loc>${pinned(language)}</loc>${lastmodOf(lastmod)}${alternates}</url>`,
      ).join('\n');
    };
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...SITEMAP_STATIC_PATHS.map((path) => entry(path)),
      ...workflows.map((row) => listingEntry(workflowPath(row), row.updatedAt)),
      ...authors.map((row) => entry(paths.publicProfile(row.id), row.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml);
  });

  const indexFile = distDir ? join(distDir, 'index.html') : null;
  if (!distDir || !indexFile || !existsSync(indexFile)) {
    app.log.debug({ distDir }, 'no built web app; serving the API only');
    return;
  }
  const template = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    // The build writes .br and .gz beside each asset; the best one the client accepts is sent as is.
    preCompressed: true,
    // Hashed file names: a changed file gets a new name, so browsers may keep these forever.
    cacheControl: false,
    setHeaders: (response) => {
      response.header('cache-control', IMMUTABLE);
    },
  });

  // Top-level files of public/ (favicon…) keep their names, so they get a short cache.
  for (const name of readdirSync(distDir)) {
    const path = join(distDir, name);
    if (name === 'index.html' || !statSync(path).isFile()) continue;
    const body = readFileSync(path);
    const type = name.endsWith('.svg')
      ? 'image/svg+xml'
      : name.endsWith('.png')
        ? 'image/png'
        : name.endsWith('.ico')
          ? 'image/x-icon'
          : name.endsWith('.txt')
            ? 'text/plain; charset=utf-8'
            : 'application/octet-stream';
    app.get(`/${name}`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=86400').send(body),
    );
  }

  const preloadFor = startChunks(distDir);
  const renderer = await loadRenderer(app, distDir);
  if (!renderer) app.log.debug({ distDir }, 'no server render bundle; pages get their head only');

  /**
   * A page: its head in the visitor's language and, for public pages, the app rendered in it, with
   * what the API answers this visitor (a buyer's page offers the download, an owner's the edit
   * link). A request with cookies (a session, perhaps) gets `private`, so no shared cache keeps one
   * visitor's page for another.
   */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    head: PageHead,
    {
      status = 200,
      render = true,
      known,
    }: {
      status?: number;
      render?: boolean;
      /** What this server has read already, or reads here, for the render (so it is not asked again). */
      known?: () => Promise<KnownPageData>;
    } = {},
  ) => {
    const language = pageLanguage(request);
    let body: { html: string; state: string; signedIn: boolean } | null = null;
    if (render && renderer) {
      try {
        // The visitor's remembered n8n release marks the cards and the detail's verdict as they will read.
        const data = { ...(await known?.()), n8nRelease: n8nRelease(request) };
        body = await renderForVisitor(request, language, () =>
          renderer.render(new URL(request.url, publicUrl), language, data),
        );
      } catch (error) {
        // The page still works as the client-rendered app; the failure is logged, not shown.
        request.log.error({ err: error, url: request.url }, 'server render failed');
      }
    }
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', hasCookies(request) ? PRIVATE_HTML_CACHE : HTML_CACHE)
      .header('vary', 'Cookie, Accept-Language')
      .header('content-language', language)
      .send(
        composePage(
          template,
          renderHead(head, publicUrl, language),
          language,
          body,
          preloadFor(new URL(request.url, publicUrl).pathname, language, body?.signedIn ?? false),
        ),
      );
  };

  for (const path of SITEMAP_STATIC_PATHS) {
    app.get(path, { schema: { hide: true } }, async (request, reply) =>
      sendPage(request, reply, { ...staticHead(path, pageLanguage(request)), path }),
    );
  }

  app.get<{ Params: { ref: string } }>(
    PAGES.workflow.pattern,
    { schema: { hide: true }, config: { viewer: true } },
    async (request, reply) => {
      const language = pageLanguage(request);
      if (matchPage(`/workflows/${request.params.ref}`).id === 'workflowNew')
        return sendPage(
          request,
          reply,
          { ...staticHead('/', language), title: 'Flowbay', path: paths.workflowNew(), noindex: true },
          { render: false },
        );
      let found: Awaited<ReturnType<CatalogService['getWithBasics']>>;
      try {
        // As the visitor: an author reloading their pending workflow sees it, as the API shows it.
        found = await catalog.getWithBasics(request.params.ref, request.viewer, language);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) {
          const head = { ...workflowPage.head!(uiTexts(language), null), noindex: true };
          return sendPage(request, reply, { ...head, path: request.url.split('?')[0]! }, { status: 404 });
        }
        throw error;
      }
      const { workflow, basics } = found;
      const canonical = workflowPath(workflow);
      // A bare id, number or slug moves permanently to the one address search engines should keep.
      if (decodeURIComponent(request.url.split('?')[0]!) !== canonical) {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.redirect(`${encodeURI(canonical)}${query}`, 301);
      }
      const reviews =
        workflow.rating_count > 0 ? await repository.latestReviews(workflow.id, JSON_LD_REVIEWS) : [];
      // The page's answers as the API gives them to this visitor, read here from the workflow found
      // above rather than by the render's own requests, each of which would find it again.
      const known = async (): Promise<KnownPageData> => {
        const [versions, firstReviews, authorStats] = await Promise.all([
          // The access the workflow's detail already worked out for this visitor.
          catalog.versionsOf(basics, request.viewer, workflow.access, language),
          ratings.listOf(basics, request.viewer, 0),
          catalog.authorStats(workflow.user_id),
        ]);
        return {
          workflow: { ref: request.params.ref, data: answered('GET /api/workflows/:id', workflow) },
          versions: answered('GET /api/workflows/:id/versions', versions),
          reviews: answered('GET /api/workflows/:id/reviews', firstReviews),
          authorStats: answered('GET /api/author-stats/:userId', authorStats),
          translateStatus: answered('GET /api/translate', facts.translateStatus()),
          // A paid workflow's Buy block names them (see the workflow page's data declaration, routes/workflow-detail.data.ts).
          ...(workflow.price > 0
            ? { paymentProviders: answered('GET /api/payments/providers', facts.paymentProviders()) }
            : {}),
        };
      };
      return sendPage(request, reply, workflowHead(workflow, publicUrl, language, reviews), { known });
    },
  );

  app.get<{ Params: { id: string } }>(
    PAGES.publicProfile.pattern,
    { schema: { hide: true } },
    async (request, reply) => {
      const language = pageLanguage(request);
      const profile = request.params.id.length <= 64 ? await profiles.findPublic(request.params.id) : null;
      const path = paths.publicProfile(request.params.id);
      if (!profile) {
        const head = { ...profilePage.head!(uiTexts(language), null), noindex: true };
        return sendPage(request, reply, { ...head, path }, { status: 404 });
      }
      const name = profile.displayName || profile.name || uiText(language, 'profile.anonymous');
      return sendPage(request, reply, {
        ...profilePage.head!(uiTexts(language), { name }),
        path,
        image: profile.image,
        type: 'profile',
      });
    },
  );

  app.get<{ Params: { slug: string } }>(
    PAGES.bundle.pattern,
    { schema: { hide: true } },
    async (request, reply) => {
      const language = pageLanguage(request);
      const slug = request.params.slug.toLowerCase();
      const bundle = slug.length <= 200 ? await repository.listedBundle(slug) : null;
      const path = paths.bundle(slug);
      if (!bundle) {
        const head = { ...bundlePage.head!(uiTexts(language), null), noindex: true };
        return sendPage(request, reply, { ...head, path }, { status: 404 });
      }
      const price = formatVnd(bundle.price, language);
      return sendPage(request, reply, {
        ...bundlePage.head!(uiTexts(language), { ...bundle, price }),
        path,
      });
    },
  );

  // Everything else is the web app's business: its own screens (sign-in, create…) or its 404 page.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/api') throw notFound();
    const known = PAGES[matchPage(path).id].access === 'signed-in';
    const language = pageLanguage(request);
    // Signed-in screens stay client-rendered: the shell, with a head that keeps them out of search.
    if (known)
      return sendPage(
        request,
        reply,
        { title: 'Flowbay', description: staticHead('/', language).description, path, noindex: true },
        { render: false },
      );
    return sendPage(request, reply, { ...notFoundHead(language), path }, { status: 404 });
  });
}

import { createHash } from 'node:crypto';
import {
  DEFAULT_VERSION,
  PAGE_SIZE,
  RELATED_LIMIT,
  appFilterKeys,
  downloadFileName,
  isUuid,
  listingTextFor,
  listingTextsByLanguage,
  otherListingLanguage,
  parseWorkflowRef,
  ratingAverage,
  WorkflowCard,
  type ListingLanguage,
  type BuyerSummary,
  type DownloadEventKind,
  type ListWorkflowsQuery,
  type RelatedWorkflows,
  type WorkflowDetail,
  type WorkflowList,
  type WorkflowAccess,
  type WorkflowVersion,
  type WorkflowStructure,
} from '@flowbay/domain';
import { parseWorkflowExport, skeletonOf, type ExportSummary } from '@flowbay/workflow-formats';
import type { Storage } from '../../infra/storage/index.ts';
import { isSignedIn, type Viewer } from '../../infra/request-viewer.ts';
import { AppError, notFound, unauthenticated } from '../../lib/errors.ts';
import type { ServedFiles } from '../../infra/served-files/index.ts';
import { publicRequirements, toWorkflowCard } from './catalog.mapper.ts';
import { TtlCache } from '../../lib/response-cache.ts';
import { createCardCache } from './search/card-cache.ts';
import type { SearchSync } from './search/search-sync.ts';
import {
  canSeeUnlisted,
  canSeeWorkflow,
  checkedPanel,
  credentialsNeeded,
  resolveAccess,
  screenshotOf,
  storedChecks,
  versionCheckResult,
  versionNotesOf,
  type WorkflowsRepository,
} from '../workflows/index.ts';
import { NOT_CHECKED_DETAIL, type PolicyCheckService } from '../policy-check/index.ts';
import { searchTerms } from '../../lib/search-query.ts';
import { stampedDownload } from '../../lib/licence-note.ts';
import {
  FUZZY_MIN_LENGTH,
  type BasicsRow,
  type CardRow,
  type WorkflowLookup,
  type CatalogRepository,
  type CatalogFilter,
  type CatalogSort,
} from './catalog.repository.ts';

/** What a workflow reference in an address names: a number, an id (with or without its slug), or a bare slug. */
function lookupOf(ref: string): WorkflowLookup | null {
  if (/^\d{1,9}$/.test(ref)) return { number: Number(ref) };
  const parsed = parseWorkflowRef(ref);
  return parsed.id ? { id: parsed.id } : parsed.slug ? { slug: parsed.slug } : null;
}

/** Who counts as one visitor for views and downloads: the account, else a hash of address and browser. */
function visitorOf(viewer: Viewer, visitorKey: string): string {
  return isSignedIn(viewer) ? `u:${viewer.id}` : `a:${createHash('sha256').update(visitorKey).digest('hex')}`;
}

/** Cards kept per process (about 1 KB each as JSON): the whole catalogue up to this size. */
const CARD_CACHE_SIZE = 120_000;

/** A catalogue page whose cards may be JSON bytes from the card cache. */
export type ListPage = Omit<WorkflowList, 'workflows'> & { workflows: Array<WorkflowCard | Buffer> };

const workflowNotFound = () => notFound('WORKFLOW_NOT_FOUND', 'Workflow not found');

/**
 * Whether a cached card (its JSON bytes, in the listing's original language) has a translation into
 * `wanted`: its `languages` are [the other language, wanted]. Inside a JSON string every quote is
 * escaped, so this key and value can only be the card's own.
 */
function translatedInto(card: Buffer, wanted: ListingLanguage): boolean {
  return card.includes(`"languages":["${otherListingLanguage(wanted)}","${wanted}"]`);
}

/** Nodes a structure preview draws; a larger file shows its first ones (like the full preview's limit). */
export const STRUCTURE_MAX_NODES = 200;

export function createCatalogService(deps: {
  repository: CatalogRepository;
  workflows: WorkflowsRepository;
  storage: Storage;
  /** Files as they are served, prepared once off the event loop. */
  servedFiles: ServedFiles;
  countCache?: TtlCache<number>;
  search: SearchSync;
  /** Whether a language model takes part in the checks, and its `policy` findings (decision 0166). */
  policyCheck?: Pick<PolicyCheckService, 'enabled' | 'policyFindingsFor'>;
}) {
  const { repository, workflows, storage, servedFiles, countCache, search, policyCheck } = deps;
  // Cards are checked against the API's schema once, when they enter the cache, not on every answer.
  const cardCacheIn = (language?: ListingLanguage) =>
    createCardCache({
      load: async (ids) =>
        (await repository.cardsByIds(ids)).map((row) =>
          WorkflowCard.parse(toWorkflowCard(row, storage, language)),
        ),
      // Changes (the author's name and picture included, migration 0017) reach it through the index's
      // change stamps; the lifetime only bounds what a missed change could cost.
      ttlMs: 10 * 60_000,
      max: CARD_CACHE_SIZE,
    });
  // Cards in their original language; a listing translated into the caller's language is read from
  // that language's cache, which holds translated listings only (docs/decisions/0173).
  const cardCache = cardCacheIn();
  const translatedCards = { en: cardCacheIn('en'), vi: cardCacheIn('vi') };
  search.onChange((ids) => {
    cardCache.forget(ids);
    translatedCards.en.forget(ids);
    translatedCards.vi.forget(ids);
  });

  /** The cards of these ids as JSON, each in `wanted` when its listing is written in it. */
  async function cardsJson(ids: string[], wanted: ListingLanguage | undefined): Promise<Buffer[]> {
    const originals = await cardCache.json(ids);
    if (!wanted) return originals;
    // Only translated cards are read (a few); the others are sent as they are.
    const positions = originals.flatMap((card, index) => (translatedInto(card, wanted) ? [index] : []));
    if (positions.length === 0) return originals;
    const translatedIds = positions.map(
      (index) => (JSON.parse(originals[index]!.toString()) as { id: string }).id,
    );
    const translated = new Map(
      (await translatedCards[wanted].json(translatedIds)).map((card) => [
        (JSON.parse(card.toString()) as { id: string }).id,
        card,
      ]),
    );
    const shown = [...originals];
    positions.forEach((position, index) => {
      shown[position] = translated.get(translatedIds[index]!) ?? originals[position]!;
    });
    return shown;
  }
  // After a full load of the index, this process reads the cards in the background, most used first.
  search.onLoad((index) => {
    cardCache.preload(index.idsByPopularity().slice(0, CARD_CACHE_SIZE)).catch(() => {
      // The database is away or the app is closing: cards load on demand instead.
    });
  });

  // A version's file never changes: its skeleton is kept for an hour (per version and notes setting).
  const structures = new TtlCache<WorkflowStructure>(60 * 60_000, 500);

  /**
   * The structure of a version's file as anyone may see it: node types, positions and connections,
   * notes' text only with `notes` (docs/decisions/0162-structure-preview.md). Parsed here, without
   * settings, so nothing else of the file is read into the answer.
   */
  async function structureOf(
    version: { id: string; fileKey: string },
    notes: boolean,
  ): Promise<WorkflowStructure> {
    const key = `${version.id}:${notes}`;
    const cached = structures.get(key);
    if (cached) return cached;
    const stored = await storage.get(version.fileKey);
    const skeleton = stored
      ? skeletonOf(parseWorkflowExport(new Uint8Array(stored)), { notes, maxNodes: STRUCTURE_MAX_NODES })
      : null;
    if (!skeleton) throw notFound('VERSION_NOT_FOUND', 'The file of this version is missing');
    structures.set(key, skeleton);
    return skeleton;
  }

  /** Public totals change only on writes; a few seconds of memo saves a count per page view. */
  async function countTotal(filter: CatalogFilter): Promise<number> {
    const memoKey = filter.scope.kind === 'listed' ? `listed:${filter.userId ?? ''}` : undefined;
    const memo = memoKey ? countCache?.get(memoKey) : undefined;
    if (memo !== undefined) return memo;
    const total = await repository.count(filter);
    if (memoKey) countCache?.set(memoKey, total);
    return total;
  }

  /** A workflow the viewer may see, or WORKFLOW_NOT_FOUND (never a hint that a hidden one exists). */
  async function findVisible(ref: string, viewer: Viewer): Promise<CardRow> {
    const lookup = lookupOf(ref);
    return visibleTo(lookup && (await repository.findCard(lookup)), viewer);
  }

  /** findVisible's rule on findBasics' columns: for answers that are not the card itself. */
  async function findVisibleBasics(ref: string, viewer: Viewer): Promise<BasicsRow> {
    const lookup = lookupOf(ref);
    return visibleTo(lookup && (await repository.findBasics(lookup)), viewer);
  }

  async function visibleTo<Row extends BasicsRow>(row: Row | null, viewer: Viewer): Promise<Row> {
    if (!row || !(await canSeeWorkflow(viewer, row, (userId) => repository.hasPurchased(userId, row.id)))) {
      throw workflowNotFound();
    }
    return row;
  }

  /**
   * The current (or a given approved) version of a workflow the viewer may download, or
   * PAYMENT_REQUIRED / VERSION_NOT_FOUND: the one rule for downloads, previews and copies.
   */
  async function entitledVersion(ref: string, viewer: Viewer, versionId?: string) {
    const row = await findVisible(ref, viewer);
    const access = await accessFor(viewer, row);
    if (!access.can_download) {
      throw new AppError(
        { code: 'PAYMENT_REQUIRED', case: isSignedIn(viewer) ? 'signedIn' : 'anonymous' },
        'Purchase this workflow to download it',
      );
    }
    const ownView = canSeeUnlisted(viewer, row);
    const targetId = versionId ?? row.currentVersionId;
    if (!targetId || !isUuid(targetId)) throw notFound('VERSION_NOT_FOUND', 'Version not found');
    const version = await workflows.findVersion(row.id, targetId);
    if (!version || (!ownView && version.moderationStatus !== 'approved')) {
      throw notFound('VERSION_NOT_FOUND', 'Version not found');
    }
    return { row, version };
  }

  function accessFor(viewer: Viewer, row: BasicsRow) {
    return resolveAccess(viewer, { userId: row.userId, price: Number(row.price) }, () =>
      isSignedIn(viewer) ? repository.hasPurchased(viewer.id, row.id) : Promise.resolve(false),
    );
  }

  /**
   * What a buyer needs to decide, by public name only: app names (not the author's credential or
   * node names), node count, community packages, tested-with version and the approved versions.
   */
  async function buyerSummary(row: CardRow, summary: ExportSummary | null): Promise<BuyerSummary> {
    const versions = await workflows.approvedVersions(row.id);
    const nodeSummary = row.nodeSummary;
    return {
      platform: nodeSummary?.platform ?? null,
      apps: (nodeSummary?.apps ?? []).filter((app) => !app.core).map(({ key, name }) => ({ key, name })),
      node_count: nodeSummary?.nodeCount ?? 0,
      credentials: [
        ...new Set((summary?.requirements?.credentials ?? []).map((credential) => credential.app)),
      ],
      community_packages: summary?.requirements?.communityPackages ?? [],
      tested_with: row.testedWith,
      versions: versions.map((version) => ({
        version: version.version,
        created_at: version.createdAt.toISOString(),
      })),
    };
  }

  /** The detail of a workflow the viewer may see, as GET /api/workflows/:id answers it. */
  async function detailOf(row: CardRow, viewer: Viewer, wanted?: ListingLanguage): Promise<WorkflowDetail> {
    const access = await accessFor(viewer, row);
    const manages = canSeeUnlisted(viewer, row);
    // The listed file; before the first approval its author and admins get the submitted one.
    const shown = row.currentVersionId || manages ? await workflows.shownVersion(row) : null;
    const counts = await repository.pendingAndPurchaseCounts(row.id);
    const extras = await workflows.listingExtras(row.id);
    const checks = storedChecks(shown?.checks);
    const fileUrl =
      !access.can_download || !shown
        ? null
        : row.currentVersionId
          ? `/api/workflows/${row.id}/download`
          : `/api/workflows/${row.id}/versions/${shown.id}/download`;
    return {
      ...toWorkflowCard(row, storage, wanted),
      file_url: fileUrl,
      workflow_data: null,
      tested_with: row.testedWith,
      // The share link hands out the Zap itself: only to those who may have its file.
      zapier_share_url:
        row.nodeSummary?.platform === 'zapier' && access.can_download ? row.zapierShareUrl : null,
      show_notes_before_purchase: row.showNotesBeforePurchase,
      commercial_price: row.commercialPrice,
      agency_price: row.agencyPrice,
      agency_clients: row.agencyClients,
      requirements: !shown?.summary?.requirements
        ? null
        : access.can_download
          ? shown.summary.requirements
          : publicRequirements(shown.summary.requirements),
      access,
      has_pending_changes: counts.pending > 0 || row.status === 'pending',
      screenshots: extras.screenshots.map((shot) =>
        screenshotOf(shot, storage.publicUrl(shot.key), row.language, wanted),
      ),
      faq: listingTextFor({ ...row, faq: extras.faq }, wanted ?? row.language).faq,
      texts: listingTextsByLanguage({ ...row, faq: extras.faq }),
      purchase_count: manages ? counts.purchases : null,
      buyer_summary: Number(row.price) > 0 ? await buyerSummary(row, shown?.summary ?? null) : null,
      // The shown version's (before the first approval, the author's and admins' submitted one).
      setup: checks?.setup ?? null,
      compatibility: checks?.compatibility ?? null,
      checked: shown
        ? checkedPanel(checks, shown.version, {
            hosts: access.can_download,
            aiAssisted: policyCheck?.enabled() ?? false,
          })
        : null,
      credentials_needed: credentialsNeeded(shown?.summary ?? null),
    };
  }

  /**
   * The versions the viewer may see of a workflow they may see, with their files if `access` (the
   * viewer's, as accessFor or the workflow's detail answers it) lets them download it.
   */
  async function versionsOf(
    row: BasicsRow,
    viewer: Viewer,
    access: Pick<WorkflowAccess, 'can_download'>,
    wanted?: ListingLanguage,
  ): Promise<WorkflowVersion[]> {
    const ownView = canSeeUnlisted(viewer, row);
    const rows = await workflows.versions(row.id, ownView ? 'all' : 'approved');
    const policy =
      ownView && policyCheck ? await policyCheck.policyFindingsFor(rows.map((version) => version.id)) : null;
    return rows.map((version) => ({
      id: version.id,
      version: version.version,
      file_url: access.can_download ? `/api/workflows/${row.id}/versions/${version.id}/download` : null,
      created_at: version.createdAt.toISOString(),
      is_current: version.isCurrent,
      size: version.size,
      review_status: version.moderationStatus,
      review_reason: ownView ? version.moderationReason : null,
      ...versionNotesOf(version, row.language, wanted),
      // Every finding with its node's name: the author's and admins' view only.
      checks: ownView
        ? versionCheckResult(
            storedChecks(version.checks),
            // A model that did not answer is the reviewers' business: the author sees only its flags.
            policy?.get(version.id)?.filter((finding) => finding.detail !== NOT_CHECKED_DETAIL),
          )
        : null,
    }));
  }

  return {
    findVisible,
    findVisibleBasics,
    /** A page of the catalogue with its cards as objects. */
    async list(query: ListWorkflowsQuery, viewer: Viewer, wanted?: ListingLanguage): Promise<WorkflowList> {
      const page = await this.listPage(query, viewer, wanted);
      return {
        ...page,
        workflows: page.workflows.map((card) =>
          Buffer.isBuffer(card) ? (JSON.parse(card.toString()) as WorkflowCard) : card,
        ),
      };
    },

    /**
     * A page of the catalogue as the list route sends it: the public catalogue's cards are the card
     * cache's JSON bytes (checked against WorkflowCard when they were cached), joined as they are.
     */
    async listPage(query: ListWorkflowsQuery, viewer: Viewer, wanted?: ListingLanguage): Promise<ListPage> {
      const pageSize = query.limit ?? PAGE_SIZE;
      let scope: CatalogFilter['scope'] = { kind: 'listed' };
      let userId = query.user_id;
      if (userId === 'me') {
        if (!isSignedIn(viewer)) throw unauthenticated();
        userId = viewer.id;
      }
      // An author sees all of their own workflows, whatever their review status.
      if (userId && isSignedIn(viewer) && viewer.id === userId) scope = { kind: 'owner', userId };
      const filter: CatalogFilter = {
        scope,
        userId,
        search: query.search || undefined,
        category: query.category || undefined,
        subcategory: query.subcategory || undefined,
        price: query.price,
        apps: appFilterKeys(query.app),
        n8n: query.n8n || undefined,
        inLanguage: query.in_language,
      };
      const sort: CatalogSort = query.sort ?? (filter.search ? 'relevance' : 'created_at_desc');
      // The public catalogue answers from the search index (docs/decisions/0007-search-index.md);
      // an author's own list (every status) stays a database query.
      if (scope.kind === 'listed') {
        const index = await search.current();
        const found = index.query({
          search: filter.search,
          userId,
          platform: filter.category,
          useCase: filter.subcategory,
          apps: appFilterKeys(query.app),
          price: filter.price,
          n8n: filter.n8n,
          inLanguage: query.in_language,
          sort,
          offset: query.page * pageSize,
          limit: pageSize,
        });
        return {
          workflows: await cardsJson(found.ids, wanted),
          totalCount: userId ? index.countOf(userId) : index.size,
          filteredCount: found.count,
          page: query.page,
          pageSize,
          facets: found.facets,
          ...(found.correctedSearch ? { correctedSearch: found.correctedSearch } : {}),
          ...(found.priceIntent ? { priceIntent: found.priceIntent } : {}),
        };
      }
      const base: CatalogFilter = { scope, userId, price: 'all' };
      const unfiltered =
        !filter.search &&
        !filter.category &&
        !filter.subcategory &&
        filter.price === 'all' &&
        !filter.apps?.length &&
        !filter.n8n &&
        !filter.inLanguage;
      // Counted once per request: an unfiltered list's filtered count is the same number.
      const total = countTotal(base);
      // Awaited below; if the page query fails first, this one's failure must not go unhandled (that ends
      // the process): the request fails with the page query's error.
      total.catch(() => undefined);
      const page = (active: CatalogFilter) =>
        Promise.all([
          repository.list(active, sort, query.page, pageSize),
          unfiltered ? total : repository.count(active),
        ]);
      let [rows, filteredCount] = await page(filter);
      // Nothing matched word for word: try again tolerating typos ("invoise" finds "Invoice").
      const phrase = filter.search ? searchTerms(filter.search).join(' ') : '';
      if (filteredCount === 0 && phrase.length >= FUZZY_MIN_LENGTH) {
        const terms = searchTerms(filter.search!);
        const alternatives = await Promise.all(
          terms.map(async (term) =>
            term.length >= 3 ? [term, ...(await repository.similarWords(term))] : [term],
          ),
        );
        if (alternatives.some((words) => words.length > 1)) {
          [rows, filteredCount] = await page({ ...filter, alternatives });
        }
      }
      return {
        workflows: rows.map((row) => toWorkflowCard(row, storage, wanted)),
        totalCount: await total,
        filteredCount,
        page: query.page,
        pageSize,
      };
    },

    /** The caller's favourites that they can still see, newest workflow first. */
    async listFavorites(viewer: Viewer, page: number, wanted?: ListingLanguage): Promise<WorkflowList> {
      if (!isSignedIn(viewer)) throw unauthenticated();
      const filter: CatalogFilter = { scope: { kind: 'listed' }, price: 'all', favoritedBy: viewer.id };
      const [rows, count] = await Promise.all([
        repository.list(filter, 'created_at_desc', page, PAGE_SIZE),
        repository.count(filter),
      ]);
      return {
        workflows: rows.map((row) => toWorkflowCard(row, storage, wanted)),
        totalCount: count,
        filteredCount: count,
        page,
        pageSize: PAGE_SIZE,
      };
    },

    async get(ref: string, viewer: Viewer, wanted?: ListingLanguage): Promise<WorkflowDetail> {
      return detailOf(await findVisible(ref, viewer), viewer, wanted);
    },

    /**
     * The workflow as get answers it, with the columns the rules read (the detail page's server render
     * passes them to versionsOf and the reviews' listOf, instead of finding the workflow again).
     */
    async getWithBasics(
      ref: string,
      viewer: Viewer,
      wanted?: ListingLanguage,
    ): Promise<{ workflow: WorkflowDetail; basics: BasicsRow }> {
      const row = await findVisible(ref, viewer);
      return { workflow: await detailOf(row, viewer, wanted), basics: row };
    },

    /** The cards of these workflows, in the order given (a bundle's page: the caller picks which). */
    async cards(ids: string[], wanted?: ListingLanguage): Promise<WorkflowCard[]> {
      return (await cardsJson(ids, wanted)).map((json) => JSON.parse(json.toString()) as WorkflowCard);
    },

    /** Listed workflows only, whoever asks: a hidden one is never suggested. */
    async related(ref: string, viewer: Viewer, wanted?: ListingLanguage): Promise<RelatedWorkflows> {
      const row = await findVisible(ref, viewer);
      const appKeys = (row.nodeSummary?.apps ?? []).filter((app) => !app.core).map((app) => app.key);
      // The search index scores every listed workflow in memory (one pass over its facet columns).
      const index = await search.current();
      const ids = index.related({
        excludeId: row.id,
        appKeys,
        useCases: row.subcategories.map((subcategory) => subcategory.id),
        limit: RELATED_LIMIT,
      });
      const [related, byAuthor] = await Promise.all([
        this.cards(ids, wanted),
        repository.otherListedOfAuthor(row.userId, row.id, RELATED_LIMIT),
      ]);
      return { related, by_author: byAuthor.map((card) => toWorkflowCard(card, storage, wanted)) };
    },

    /**
     * The structure preview: every node as its app or node type with the connections between them,
     * for anyone who may see the workflow. It never holds settings, node names or labels; notes'
     * text only when the author allows it or the viewer may download the file anyway.
     */
    async structure(ref: string, viewer: Viewer): Promise<WorkflowStructure> {
      const row = await findVisible(ref, viewer);
      const access = await accessFor(viewer, row);
      const shown =
        row.currentVersionId || canSeeUnlisted(viewer, row) ? await workflows.shownVersion(row) : null;
      const version = shown && (await workflows.findVersion(row.id, shown.id));
      if (!version) throw notFound('VERSION_NOT_FOUND', 'Version not found');
      return structureOf(version, row.showNotesBeforePurchase || access.can_download);
    },

    async versions(ref: string, viewer: Viewer, wanted?: ListingLanguage): Promise<WorkflowVersion[]> {
      const row = await findVisibleBasics(ref, viewer);
      return versionsOf(row, viewer, await accessFor(viewer, row), wanted);
    },

    versionsOf,

    async categoriesOf(workflowId: string, viewer: Viewer) {
      if (!isUuid(workflowId)) throw workflowNotFound();
      const { categories } = await findVisible(workflowId, viewer);
      return categories.map((category) => ({
        workflow_id: workflowId,
        category_id: category.id,
        categories: { name: category.name, name_vi: category.name_vi },
      }));
    },

    /**
     * Counts a view once per visitor, workflow and day (one statement: concurrent requests count once).
     * The author's own views are not counted: they would lower the conversion sellers read.
     */
    async recordView(
      ref: string,
      viewer: Viewer,
      visitorKey: string,
    ): Promise<{ views: number; counted: boolean }> {
      const row = await findVisible(ref, viewer);
      if (isSignedIn(viewer) && viewer.id === row.userId) return { views: row.views, counted: false };
      const visitor = visitorOf(viewer, visitorKey);
      const views = await repository.recordView(row.id, visitor);
      return views !== null ? { views, counted: true } : { views: row.views, counted: false };
    },

    async authorStats(userId: string) {
      const totals = await repository.authorTotals(userId);
      return {
        workflowCount: totals.workflowCount,
        totalFavorites: totals.totalFavorites,
        ratingAverage: ratingAverage(totals.ratingSum, totals.ratingCount),
        ratingCount: totals.ratingCount,
      };
    },

    /**
     * The file of the current (or a given approved) version, if the viewer is entitled to it. Each
     * download is counted once per visitor and day; a signed-in download is what lets a user review a
     * free workflow, and its version is the one their review names. The page's preview (`preview`)
     * gets the same file under the same rule and is neither counted nor recorded.
     */
    async download(
      ref: string,
      viewer: Viewer,
      visitorKey: string,
      versionId?: string,
      kind: DownloadEventKind | 'preview' = 'file',
    ) {
      const { row, version } = await entitledVersion(ref, viewer, versionId);
      const served = await servedFiles.get(version.fileKey, row.title, row.id);
      if (!served) throw notFound('VERSION_NOT_FOUND', 'The file of this version is missing');
      let { file: body, encoded } = served;
      // A bought file names its buyer and licence (an n8n sticky note, a Make blueprint note).
      const stamp =
        isSignedIn(viewer) && viewer.id !== row.userId
          ? await repository.licenceStamp(viewer.id, row.id)
          : null;
      const stamped = stamp ? await stampedDownload(body, stamp) : null;
      if (stamped) ({ body, encoded } = stamped);
      if (kind !== 'preview') {
        await repository.recordDownload(
          row.id,
          visitorOf(viewer, visitorKey),
          version.version,
          isSignedIn(viewer) ? { userId: viewer.id, kind } : undefined,
        );
      }
      const fileName = versionId ? downloadFileName(row.title, version.version) : downloadFileName(row.title);
      return { body, encoded, fileName, version: version.version ?? DEFAULT_VERSION };
    },

    /**
     * A take of the file the page already holds from its preview (its Copy JSON and Download JSON
     * buttons): counted and recorded like a download, under the same entitlement.
     */
    async recordTaken(
      ref: string,
      viewer: Viewer,
      visitorKey: string,
      taken: { kind: 'copy' | 'file'; versionId?: string },
    ) {
      const { row, version } = await entitledVersion(ref, viewer, taken.versionId);
      await repository.recordDownload(
        row.id,
        visitorOf(viewer, visitorKey),
        version.version,
        isSignedIn(viewer) ? { userId: viewer.id, kind: taken.kind } : undefined,
      );
      return { recorded: true as const };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  PRICE_BANDS,
  type DownloadEventKind,
  type ListingLanguage,
  type PriceFilter,
  type Sort,
} from '@flowbay/domain';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import type { SearchSource, Stamped } from './search/search-sync.ts';
import { entitlementStamp, hasActiveEntitlement } from '../../db/entitlements.ts';
import { recordTake } from '../../db/downloads.ts';
import { prefixQuery, searchTerms } from '../../lib/search-query.ts';
import { isListed, listingColumns } from '../../db/fragments.ts';
import {
  categories,
  favorites,
  purchases,
  workflowEdits,
  workflowViews,
  searchWords,
  subcategories,
  user,
  workflowCategories,
  workflowSubcategories,
  workflowVersions,
  workflows,
} from '../../db/schema.ts';

export type CatalogSort = Sort | 'relevance';

export interface CatalogFilter {
  /** Owner listings show every status of one author; public ones only listed workflows. */
  scope: { kind: 'listed' } | { kind: 'owner'; userId: string };
  userId?: string;
  search?: string;
  category?: string;
  subcategory?: string;
  price: PriceFilter;
  /**
   * Typo tolerance: per query word, the word itself and its nearest catalogue words. Used when the
   * exact search finds nothing (docs/decisions/0002-search.md).
   */
  alternatives?: string[][];
  /** Only the workflows this user favourited. */
  favoritedBy?: string;
  /** Workflows that use every one of these apps (keys). */
  apps?: string[];
  /** An n8n release: leaves out the listings whose listed version is known not to run on it. */
  n8n?: string;
  /** "Available in my language": written in it originally, or translated (into the only other one). */
  inLanguage?: ListingLanguage;
}

/** A release ("1.98", "2.41.1") as [major, minor, patch]. */
function releaseParts(release: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = release.split('.').map(Number);
  return [major, minor, patch];
}

/**
 * The listed version's n8n bounds leave the release out: its min's major.minor is above the
 * release's, or the release is above its max (the rule of `runsOnRelease`, as int arrays).
 */
function knownNotToRunOn(release: string): SQL {
  const [major, minor, patch] = releaseParts(release);
  return sql`exists (select 1 from ${workflowVersions} v
    where v.id = ${workflows.currentVersionId}
      and jsonb_typeof(v.checks->'compatibility'->'min') = 'string'
      and ((string_to_array(v.checks->'compatibility'->>'min', '.')::int[])[1:2] > array[${major}::int, ${minor}::int]
        or (jsonb_typeof(v.checks->'compatibility'->'max') = 'string'
          and (string_to_array(v.checks->'compatibility'->>'max', '.')::int[] || array[0, 0, 0])[1:3]
            < array[${major}::int, ${minor}::int, ${patch}::int])))`;
}

/** Every word must match one of its spellings. Words are [a-z0-9] only, so nothing is an operator. */
function alternativesQuery(alternatives: string[][]): string {
  return alternatives.map((words) => `(${words.map((word) => `${word}:*`).join(' | ')})`).join(' & ');
}

function tsqueryOf(filter: CatalogFilter): string | undefined {
  if (filter.alternatives?.length) return alternativesQuery(filter.alternatives);
  const terms = filter.search ? searchTerms(filter.search) : [];
  return terms.length > 0 ? prefixQuery(terms) : undefined;
}

/** Typo correction needs enough letters for trigrams to mean something. */
export const FUZZY_MIN_LENGTH = 4;

function whereOf(filter: CatalogFilter): SQL {
  const conditions: SQL[] = [isNull(workflows.deletedAt)];
  if (filter.scope.kind === 'listed') conditions.push(eq(workflows.status, 'listed'));
  else conditions.push(eq(workflows.userId, filter.scope.userId));
  if (filter.userId) conditions.push(eq(workflows.userId, filter.userId));
  if (filter.favoritedBy) {
    conditions.push(
      sql`exists (select 1 from ${favorites} where ${favorites.workflowId} = ${workflows.id} and ${favorites.userId} = ${filter.favoritedBy})`,
    );
  }
  if (filter.category) {
    conditions.push(
      sql`exists (select 1 from ${workflowCategories} where ${workflowCategories.workflowId} = ${workflows.id} and ${workflowCategories.categoryId} = ${filter.category})`,
    );
  }
  if (filter.subcategory) {
    conditions.push(
      sql`exists (select 1 from ${workflowSubcategories} where ${workflowSubcategories.workflowId} = ${workflows.id} and ${workflowSubcategories.subcategoryId} = ${filter.subcategory})`,
    );
  }
  if (filter.price !== 'all') {
    const band = PRICE_BANDS[filter.price];
    conditions.push(gte(workflows.price, band.min));
    if (band.max !== undefined) conditions.push(lt(workflows.price, band.max));
  }
  if (filter.n8n) conditions.push(sql`not ${knownNotToRunOn(filter.n8n)}`);
  if (filter.inLanguage) {
    conditions.push(
      sql`(${workflows.language} = ${filter.inLanguage} or ${workflows.translation} is not null)`,
    );
  }
  for (const app of filter.apps ?? []) {
    conditions.push(sql`${workflows.nodeSummary}->'apps' @> ${JSON.stringify([{ key: app }])}::jsonb`);
  }
  const tsquery = tsqueryOf(filter);
  if (tsquery) conditions.push(sql`${workflows.searchVector} @@ to_tsquery('simple', ${tsquery})`);
  return and(...conditions)!;
}

/** The plain sorts: a column and a direction. */
const SORT_COLUMNS = {
  created_at_desc: [workflows.createdAt, desc],
  created_at_asc: [workflows.createdAt, asc],
  views_desc: [workflows.views, desc],
  views_asc: [workflows.views, asc],
  price_desc: [workflows.price, desc],
  price_asc: [workflows.price, asc],
} as const;

/** Every order ends with the id, so pages never repeat or skip a workflow. */
function orderOf(sort: CatalogSort, filter: CatalogFilter): SQL[] {
  if (sort === 'relevance') {
    const tsquery = tsqueryOf(filter);
    if (!tsquery) return [desc(workflows.createdAt), desc(workflows.id)];
    return [
      desc(sql`ts_rank(${workflows.searchVector}, to_tsquery('simple', ${tsquery}))`),
      desc(workflows.id),
    ];
  }
  // Unrated workflows (a null score) come after every rated one (docs/decisions/0070-ratings.md).
  if (sort === 'rating_desc') return [sql`${workflows.ratingScore} desc nulls last`, desc(workflows.id)];
  const [column, direction] = SORT_COLUMNS[sort];
  return [direction(column), direction(workflows.id)];
}

const categoriesJson = sql<CategoryRow[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name, 'name_vi', c.name_vi) order by c.position, c.id)
  from ${workflowCategories} wc join ${categories} c on c.id = wc.category_id
  where wc.workflow_id = ${workflows.id}), '[]'::json)`;

const subcategoriesJson = sql<CategoryRow[]>`coalesce((
  select json_agg(json_build_object('id', s.id, 'name', s.name, 'name_vi', s.name_vi) order by s.position, s.id)
  from ${workflowSubcategories} ws join ${subcategories} s on s.id = ws.subcategory_id
  where ws.workflow_id = ${workflows.id}), '[]'::json)`;

const currentVersion = sql<
  string | null
>`(select v.version from ${workflowVersions} v where v.id = ${workflows.currentVersionId})`;

/** What a card shows of the listed version's checks: the compatibility bounds and the setup estimate. */
export interface CardChecks {
  /** Whether the compatibility was computed (n8n files). */
  compat: boolean;
  min: string | null;
  max: string | null;
  setup: { difficulty: 'beginner' | 'intermediate' | 'advanced'; setup_minutes: number } | null;
}

const cardChecks = sql<CardChecks | null>`(select json_build_object(
    'compat', jsonb_typeof(v.checks->'compatibility') = 'object',
    'min', v.checks->'compatibility'->>'min',
    'max', v.checks->'compatibility'->>'max',
    'setup', v.checks->'setup')
  from ${workflowVersions} v where v.id = ${workflows.currentVersionId})`;

export interface CategoryRow {
  id: string;
  name: string;
  name_vi: string;
}

const cardColumns = {
  id: workflows.id,
  number: workflows.number,
  ...listingColumns,
  views: workflows.views,
  favoritesCount: workflows.favoritesCount,
  downloads: workflows.downloads,
  ratingCount: workflows.ratingCount,
  ratingSum: workflows.ratingSum,
  userId: workflows.userId,
  status: workflows.status,
  nodeSummary: workflows.nodeSummary,
  testedWith: workflows.testedWith,
  zapierShareUrl: workflows.zapierShareUrl,
  showNotesBeforePurchase: workflows.showNotesBeforePurchase,
  commercialPrice: workflows.commercialPrice,
  agencyPrice: workflows.agencyPrice,
  agencyClients: workflows.agencyClients,
  currentVersionId: workflows.currentVersionId,
  deletedAt: workflows.deletedAt,
  createdAt: workflows.createdAt,
  updatedAt: workflows.updatedAt,
  version: currentVersion,
  checks: cardChecks,
  authorName: user.name,
  authorDisplayName: user.displayName,
  authorImage: user.image,
  categories: categoriesJson,
  subcategories: subcategoriesJson,
};

/** A workflow by id, by number, or by a bare slug: the newest listed workflow that has it. */
export type WorkflowLookup = { id: string } | { number: number } | { slug: string };

function lookupWhere(lookup: WorkflowLookup) {
  if ('id' in lookup) return eq(workflows.id, lookup.id);
  if ('number' in lookup) return eq(workflows.number, lookup.number);
  return and(eq(workflows.slug, lookup.slug), isListed);
}

/** The one workflow of `query` that `lookup` names: only a slug can name several, and the newest wins. */
function namedBy<Query extends PgSelect>(query: Query, lookup: WorkflowLookup) {
  return query.where(lookupWhere(lookup)).orderBy(desc(workflows.createdAt), desc(workflows.id)).limit(1);
}

/**
 * What visibility and access rules read (see findBasics), and the visible reviews' count and sum
 * (kept by the ratings module): the review list needs no query of its own for them.
 */
const basicColumns = {
  id: workflows.id,
  userId: workflows.userId,
  status: workflows.status,
  price: workflows.price,
  deletedAt: workflows.deletedAt,
  language: workflows.language,
  version: currentVersion,
  ratingCount: workflows.ratingCount,
  ratingSum: workflows.ratingSum,
};

export function createCatalogRepository(db: Database) {
  const cards = () => db.select(cardColumns).from(workflows).leftJoin(user, eq(user.id, workflows.userId));
  const basics = () => db.select(basicColumns).from(workflows);
  // Built once: search answers ask for the cards they have not cached, many times a second.
  const cardsByIdList = cards()
    .where(sql`${workflows.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('catalog_cards_by_ids');

  return {
    /**
     * One page: the ids first (a narrow scan of a partial index, cheap even deep into the list),
     * then the cards of just those ids, in the same order.
     */
    async list(filter: CatalogFilter, sort: CatalogSort, page: number, pageSize: number) {
      const ids = (
        await db
          .select({ id: workflows.id })
          .from(workflows)
          .where(whereOf(filter))
          .orderBy(...orderOf(sort, filter))
          .limit(pageSize)
          .offset(page * pageSize)
      ).map((row) => row.id);
      return this.cardsByIds(ids);
    },

    /** The cards of these workflows, in the order given. */
    async cardsByIds(ids: string[]) {
      if (ids.length === 0) return [];
      const rows = await cardsByIdList.execute({ ids });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async count(filter: CatalogFilter): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(workflows)
        .where(whereOf(filter));
      return Number(row?.count ?? 0);
    },

    /** The card of the workflow `lookup` names. */
    async findCard(lookup: WorkflowLookup) {
      const [row] = await namedBy(cards().$dynamic(), lookup);
      return row ?? null;
    },

    /**
     * What deciding who may see a workflow takes, without its card (no author, taxonomy or
     * summary): for the routes that answer something else about it (versions, reviews).
     */
    async findBasics(lookup: WorkflowLookup) {
      const [row] = await namedBy(basics().$dynamic(), lookup);
      return row ?? null;
    },

    /** Up to three catalogue words spelled like `term` (trigram similarity), best first. */
    async similarWords(term: string): Promise<string[]> {
      const rows = await db
        .select({ word: searchWords.word })
        .from(searchWords)
        .where(sql`${searchWords.word} % ${term}`)
        .orderBy(sql`similarity(${searchWords.word}, ${term}) desc`, asc(searchWords.word))
        .limit(3);
      return rows.map((row) => row.word);
    },

    /**
     * Counts a download once per visitor, workflow and day, like views: the insert and the increment
     * are one statement, so concurrent downloads of one visitor count once.
     */
    /** A real take of the file (never the page's preview): see recordTake. */
    async recordDownload(
      workflowId: string,
      visitor: string,
      version: string | null,
      taken?: { userId: string; kind: DownloadEventKind },
    ): Promise<void> {
      await recordTake(db, { workflowId, visitor, version, signedIn: taken });
    },

    /** The author's other listed workflows, most favourited first. */
    async otherListedOfAuthor(userId: string, workflowId: string, limit: number) {
      const ids = await db
        .select({ id: workflows.id })
        .from(workflows)
        .where(and(isListed, eq(workflows.userId, userId), ne(workflows.id, workflowId)))
        .orderBy(desc(workflows.favoritesCount), desc(workflows.createdAt), desc(workflows.id))
        .limit(limit);
      return this.cardsByIds(ids.map((row) => row.id));
    },

    async hasPurchased(userId: string, workflowId: string): Promise<boolean> {
      return hasActiveEntitlement(db, userId, workflowId);
    },

    /** The licence note of a bought file: buyer, tier and order (null when not bought). */
    licenceStamp(userId: string, workflowId: string) {
      return entitlementStamp(db, userId, workflowId);
    },

    /**
     * Counts a view once per visitor, workflow and day. The insert and the increment are one
     * statement, so concurrent requests cannot count the same visitor twice. Null: not counted.
     */
    async recordView(workflowId: string, visitor: string): Promise<number | null> {
      const result = await db.execute<{ views: number }>(sql`
        with inserted as (
          insert into ${workflowViews} (workflow_id, visitor, day)
          values (${workflowId}, ${visitor}, current_date)
          on conflict do nothing
          returning 1
        )
        update ${workflows} set views = views + 1
        where id = ${workflowId} and exists (select 1 from inserted)
        returning views`);
      const updated = (result as unknown as { rows: { views: number }[] }).rows[0];
      return updated ? Number(updated.views) : null;
    },

    /** What waits for review on a workflow (versions and edits) and how many hold it (unrevoked purchases). */
    async pendingAndPurchaseCounts(workflowId: string) {
      const [counts] = await db
        .select({
          pending: sql<number>`(select count(*)::int from ${workflowVersions} v where v.workflow_id = ${workflowId} and v.review_status = 'pending')
            + (select count(*)::int from ${workflowEdits} e where e.workflow_id = ${workflowId} and e.review_status = 'pending')`,
          purchases: sql<number>`(select count(*)::int from ${purchases} p where p.workflow_id = ${workflowId} and p.revoked_at is null)`,
        })
        .from(workflows)
        .where(eq(workflows.id, workflowId));
      return { pending: Number(counts?.pending ?? 0), purchases: Number(counts?.purchases ?? 0) };
    },

    /** An author's listed workflows: how many, and their favourites and ratings summed. */
    async authorTotals(userId: string) {
      const [row] = await db
        .select({
          workflowCount: sql<number>`count(*)::int`,
          totalFavorites: sql<number>`coalesce(sum(${workflows.favoritesCount}), 0)::int`,
          ratingCount: sql<number>`coalesce(sum(${workflows.ratingCount}), 0)::int`,
          ratingSum: sql<number>`coalesce(sum(${workflows.ratingSum}), 0)::int`,
        })
        .from(workflows)
        .where(and(eq(workflows.userId, userId), isListed));
      return {
        workflowCount: Number(row?.workflowCount ?? 0),
        totalFavorites: Number(row?.totalFavorites ?? 0),
        ratingCount: Number(row?.ratingCount ?? 0),
        ratingSum: Number(row?.ratingSum ?? 0),
      };
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

export type CardRow = NonNullable<Awaited<ReturnType<CatalogRepository['findCard']>>>;

const indexedColumns = {
  id: workflows.id,
  userId: workflows.userId,
  title: workflows.title,
  description: sql<string>`left(${workflows.description}, 4000)`,
  language: workflows.language,
  /** The translation's searched texts (its FAQ is not searched, like the original's). */
  translation: sql<SearchedTranslation | null>`case when jsonb_typeof(${workflows.translation}) = 'object'
    then json_build_object('title', coalesce(${workflows.translation}->>'title', ''),
      'description', left(coalesce(${workflows.translation}->>'description', ''), 4000)) end`,
  apps: sql<NodeSummaryApps>`coalesce(${workflows.nodeSummary}->'apps', '[]'::jsonb)`,
  price: workflows.price,
  views: workflows.views,
  favorites: workflows.favoritesCount,
  ratingScore: workflows.ratingScore,
  createdAt: workflows.createdAt,
  status: workflows.status,
  deletedAt: workflows.deletedAt,
  stamp: sql<number>`(extract(epoch from ${workflows.searchChangedAt}) * 1000000)::float8`,
  n8nMin: sql<
    string | null
  >`(select v.checks->'compatibility'->>'min' from ${workflowVersions} v where v.id = ${workflows.currentVersionId})`,
  n8nMax: sql<
    string | null
  >`(select v.checks->'compatibility'->>'max' from ${workflowVersions} v where v.id = ${workflows.currentVersionId})`,
  platforms: sql<
    string[]
  >`coalesce((select array_agg(wc.category_id order by wc.category_id) from ${workflowCategories} wc where wc.workflow_id = ${workflows.id}), '{}')`,
  useCases: sql<
    string[]
  >`coalesce((select array_agg(ws.subcategory_id order by ws.subcategory_id) from ${workflowSubcategories} ws where ws.workflow_id = ${workflows.id}), '{}')`,
};

type NodeSummaryApps = Array<{ key: string; name: string; core?: boolean }>;
interface SearchedTranslation {
  title: string;
  description: string;
}
interface IndexedRow {
  id: string;
  userId: string;
  title: string;
  description: string;
  language: ListingLanguage;
  translation: SearchedTranslation | null;
  apps: NodeSummaryApps;
  price: number;
  views: number;
  favorites: number;
  ratingScore: number | null;
  createdAt: Date;
  status: string;
  deletedAt: Date | null;
  platforms: string[];
  useCases: string[];
  stamp: number;
  n8nMin: string | null;
  n8nMax: string | null;
}

/** The search index's view of the database (modules/catalog/search). */
export function createSearchSource(db: Database): SearchSource {
  let names: Map<string, [string, string]> | null = null;
  async function taxonomyNames() {
    if (!names) {
      const rows = [
        ...(await db
          .select({ id: categories.id, name: categories.name, nameVi: categories.nameVi })
          .from(categories)),
        ...(await db
          .select({ id: subcategories.id, name: subcategories.name, nameVi: subcategories.nameVi })
          .from(subcategories)),
      ];
      names = new Map(rows.map((row) => [row.id, [row.name, row.nameVi]]));
    }
    return names;
  }
  async function toIndexed(rows: IndexedRow[]): Promise<Stamped[]> {
    const known = await taxonomyNames();
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      title: row.title,
      description: row.description,
      language: row.language,
      translation: row.translation,
      apps: row.apps,
      platforms: row.platforms,
      useCases: row.useCases,
      taxonomyNames: [...row.platforms, ...row.useCases].flatMap((id) => known.get(id) ?? []),
      price: Number(row.price),
      views: row.views,
      favorites: row.favorites,
      ratingScore: row.ratingScore === null ? null : Number(row.ratingScore),
      createdAt: new Date(row.createdAt).getTime(),
      n8nMin: row.n8nMin,
      n8nMax: row.n8nMax,
      stamp: Number(row.stamp),
    }));
  }
  return {
    async taxonomyPairs() {
      names = null;
      return [...(await taxonomyNames()).values()];
    },
    async databaseNow() {
      const result = (await db.execute(sql`select clock_timestamp() as now`)) as unknown as {
        rows: Array<{ now: string | Date }>;
      };
      return new Date(result.rows[0]!.now);
    },
    async *listedBatches(batchSize: number) {
      let after: string | null = null;
      for (;;) {
        const rows: IndexedRow[] = await db
          .select(indexedColumns)
          .from(workflows)
          .where(after ? and(isListed, gt(workflows.id, after)) : isListed)
          .orderBy(asc(workflows.id))
          .limit(batchSize);
        if (rows.length === 0) return;
        yield await toIndexed(rows);
        after = rows[rows.length - 1]!.id;
        if (rows.length < batchSize) return;
      }
    },
    async changedSince(since: Date) {
      const rows = await db
        .select({ id: workflows.id, stamp: indexedColumns.stamp })
        .from(workflows)
        .where(gte(workflows.searchChangedAt, since));
      return rows.map((row) => ({ id: row.id, stamp: Number(row.stamp) }));
    },
    async byIds(ids: string[]) {
      if (ids.length === 0) return { listed: [], gone: [] };
      const rows: IndexedRow[] = await db
        .select(indexedColumns)
        .from(workflows)
        .where(inArray(workflows.id, ids));
      const listed = (row: IndexedRow) => row.status === 'listed' && row.deletedAt === null;
      const found = new Set(rows.map((row) => row.id));
      return {
        listed: await toIndexed(rows.filter(listed)),
        gone: [
          ...rows.filter((row) => !listed(row)).map((row) => row.id),
          ...ids.filter((id) => !found.has(id)),
        ],
      };
    },
    async countListed() {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(workflows)
        .where(isListed);
      return Number(row?.count ?? 0);
    },
  };
}
export type BasicsRow = NonNullable<Awaited<ReturnType<CatalogRepository['findBasics']>>>;

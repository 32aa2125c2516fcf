import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { entitlementStamp, hasActiveEntitlement } from '../../db/entitlements.ts';
import { isListed } from '../../db/fragments.ts';
import { recordTake } from '../../db/downloads.ts';
import { prefixQuery, searchTerms } from '../../lib/search-query.ts';
import {
  n8nLibraryKeys,
  subcategories,
  user,
  workflowCategories,
  workflowSubcategories,
  workflowVersions,
  workflows,
} from '../../db/schema.ts';

/** A use case as n8n sees it: a category (and a collection) with a numeric id. */
export interface UseCaseRow {
  id: string;
  number: number;
  name: string;
  nameVi: string;
}

export interface TemplateFilter {
  /** Words of the search box (every word must match, the last as a prefix). */
  search?: string;
  /** Only workflows of one of these use cases; an empty list matches nothing. */
  useCaseIds?: string[];
}

/** Listed, not deleted, n8n workflows: the only ones the templates API ever shows. */
function listedN8n(): SQL[] {
  return [
    isListed,
    sql`exists (select 1 from ${workflowCategories} where ${workflowCategories.workflowId} = ${workflows.id} and ${workflowCategories.categoryId} = 'n8n')`,
  ];
}

function whereOf(filter: TemplateFilter): SQL {
  const conditions = listedN8n();
  if (filter.useCaseIds) {
    if (filter.useCaseIds.length === 0) conditions.push(sql`false`);
    else
      conditions.push(
        sql`exists (select 1 from ${workflowSubcategories} where ${workflowSubcategories.workflowId} = ${workflows.id} and ${inArray(workflowSubcategories.subcategoryId, filter.useCaseIds)})`,
      );
  }
  const terms = filter.search ? searchTerms(filter.search) : [];
  if (terms.length > 0) {
    conditions.push(sql`${workflows.searchVector} @@ to_tsquery('simple', ${prefixQuery(terms)})`);
  }
  return and(...conditions)!;
}

const useCasesJson = sql<{ id: string; position: number; name: string; name_vi: string }[]>`coalesce((
  select json_agg(json_build_object('id', s.id, 'position', s.position, 'name', s.name, 'name_vi', s.name_vi) order by s.position, s.id)
  from ${workflowSubcategories} ws join ${subcategories} s on s.id = ws.subcategory_id
  where ws.workflow_id = ${workflows.id}), '[]'::json)`;

const templateColumns = {
  id: workflows.id,
  number: workflows.number,
  slug: workflows.slug,
  title: workflows.title,
  description: workflows.description,
  /** The language title and description are written in, and the texts in the other one (or null). */
  language: workflows.language,
  translation: workflows.translation,
  price: workflows.price,
  views: workflows.views,
  userId: workflows.userId,
  nodeSummary: workflows.nodeSummary,
  listedAt: workflows.listedAt,
  createdAt: workflows.createdAt,
  currentVersionId: workflows.currentVersionId,
  /** The listed version's automated checks (compatibility, setup, findings). */
  checks: sql<unknown>`(select v.checks from ${workflowVersions} v where v.id = ${workflows.currentVersionId})`,
  authorName: user.name,
  authorDisplayName: user.displayName,
  useCases: useCasesJson,
};

export function createN8nRepository(db: Database) {
  const templates = () =>
    db.select(templateColumns).from(workflows).leftJoin(user, eq(user.id, workflows.userId));

  return {
    /**
     * A signed-in user's import of the workflow into their n8n (decision 0158): recorded, and counted
     * like a download (once per user and day), with the version it served.
     */
    async recordImport(workflowId: string, userId: string, versionId: string | null) {
      const [version] = versionId
        ? await db
            .select({ version: workflowVersions.version })
            .from(workflowVersions)
            .where(eq(workflowVersions.id, versionId))
            .limit(1)
        : [];
      await recordTake(db, {
        workflowId,
        visitor: `u:${userId}`,
        version: version?.version ?? null,
        signedIn: { userId, kind: 'n8n_import' },
      });
    },

    /** Use cases that hold at least one listed n8n workflow, in the catalogue's order. */
    async useCasesInUse(): Promise<UseCaseRow[]> {
      const rows = await db
        .select({
          id: subcategories.id,
          position: subcategories.position,
          name: subcategories.name,
          nameVi: subcategories.nameVi,
        })
        .from(subcategories)
        .where(
          sql`exists (select 1 from ${workflowSubcategories} ws join ${workflows} on ${workflows.id} = ws.workflow_id
            where ws.subcategory_id = ${subcategories.id} and ${and(...listedN8n())})`,
        )
        .orderBy(asc(subcategories.position), asc(subcategories.id));
      return rows.map((row) => ({
        id: row.id,
        number: row.position + 1,
        name: row.name,
        nameVi: row.nameVi,
      }));
    },

    async allUseCases(): Promise<UseCaseRow[]> {
      const rows = await db.select().from(subcategories).orderBy(asc(subcategories.position));
      return rows.map((row) => ({
        id: row.id,
        number: row.position + 1,
        name: row.name,
        nameVi: row.nameVi,
      }));
    },

    /** One page, most viewed first (ties: newest number first), and the exact total. */
    async search(filter: TemplateFilter, offset: number, limit: number) {
      const where = whereOf(filter);
      const [rows, [total]] = await Promise.all([
        templates()
          .where(where)
          .orderBy(desc(workflows.views), desc(workflows.number))
          .limit(limit)
          .offset(offset),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(workflows)
          .where(where),
      ]);
      return { rows, total: Number(total?.count ?? 0) };
    },

    /** Listed n8n templates of these ids, in the order given (ids the index found). */
    async listedByIds(ids: string[]) {
      if (ids.length === 0) return [];
      const rows = await templates().where(and(inArray(workflows.id, ids), ...listedN8n()));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async findListedByNumber(number: number) {
      const [row] = await templates()
        .where(and(eq(workflows.number, number), ...listedN8n()))
        .limit(1);
      return row ?? null;
    },

    async currentFileKey(versionId: string): Promise<string | null> {
      const [row] = await db
        .select({ fileKey: workflowVersions.fileKey })
        .from(workflowVersions)
        .where(eq(workflowVersions.id, versionId))
        .limit(1);
      return row?.fileKey ?? null;
    },

    async hasPurchased(userId: string, workflowId: string): Promise<boolean> {
      return hasActiveEntitlement(db, userId, workflowId);
    },

    /** The buyer's name, licence and order code a bought file's licence note names (null: not bought). */
    licenceStamp(userId: string, workflowId: string) {
      return entitlementStamp(db, userId, workflowId);
    },

    /* ---------- personal library keys ---------- */

    /**
     * Adds a key unless the user already has `limit` active ones; null then. Creations of one user
     * take turns at an advisory lock, so parallel requests cannot all pass the count.
     */
    async insertKeyWithinLimit(
      input: { userId: string; keyHash: string; prefix: string; label: string },
      limit: number,
    ) {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('n8n_library_keys'), hashtext(${input.userId}))`,
        );
        const [active] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(n8nLibraryKeys)
          .where(and(eq(n8nLibraryKeys.userId, input.userId), isNull(n8nLibraryKeys.revokedAt)));
        if (Number(active?.count ?? 0) >= limit) return null;
        const [row] = await tx.insert(n8nLibraryKeys).values(input).returning();
        return row!;
      });
    },

    async activeKeys(userId: string) {
      return db
        .select()
        .from(n8nLibraryKeys)
        .where(and(eq(n8nLibraryKeys.userId, userId), isNull(n8nLibraryKeys.revokedAt)))
        .orderBy(desc(n8nLibraryKeys.createdAt), desc(n8nLibraryKeys.id));
    },

    /** Revokes one of the owner's active keys; false when there is none with that id. */
    async revokeKey(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(n8nLibraryKeys)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(n8nLibraryKeys.id, id), eq(n8nLibraryKeys.userId, userId), isNull(n8nLibraryKeys.revokedAt)),
        )
        .returning({ id: n8nLibraryKeys.id });
      return rows.length > 0;
    },

    /** Revokes every active key of the user (a new password ends them); answers how many. */
    async revokeAllKeys(userId: string, now: Date): Promise<number> {
      const rows = await db
        .update(n8nLibraryKeys)
        .set({ revokedAt: now })
        .where(and(eq(n8nLibraryKeys.userId, userId), isNull(n8nLibraryKeys.revokedAt)))
        .returning({ id: n8nLibraryKeys.id });
      return rows.length;
    },

    /** The owner of an active key, with what a viewer carries, by the key's hash. */
    async activeKeyUser(keyHash: string) {
      const [row] = await db
        .select({
          keyId: n8nLibraryKeys.id,
          id: user.id,
          email: user.email,
          emailVerified: user.emailVerified,
        })
        .from(n8nLibraryKeys)
        .innerJoin(user, eq(user.id, n8nLibraryKeys.userId))
        .where(and(eq(n8nLibraryKeys.keyHash, keyHash), isNull(n8nLibraryKeys.revokedAt)))
        .limit(1);
      return row ?? null;
    },

    /** The owner of an active key, by the key's hash. */
    async activeKeyOwner(keyHash: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: n8nLibraryKeys.userId })
        .from(n8nLibraryKeys)
        .where(and(eq(n8nLibraryKeys.keyHash, keyHash), isNull(n8nLibraryKeys.revokedAt)))
        .limit(1);
      return row?.userId ?? null;
    },
  };
}

export type N8nRepository = ReturnType<typeof createN8nRepository>;
export type TemplateRow = NonNullable<Awaited<ReturnType<N8nRepository['findListedByNumber']>>>;

import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { uploads, user, workflowVersions, workflows } from './schema.ts';

/** SQL that several repositories need in the same words: one definition each. */

/** A workflow the public may see: listed and not deleted. */
export const isListed: SQL = and(eq(workflows.status, 'listed'), isNull(workflows.deletedAt))!;

/** A workflow's listing as its card shows it: the content an approved edit replaces. */
export const listingColumns = {
  slug: workflows.slug,
  title: workflows.title,
  description: workflows.description,
  /** The language title and description are written in, and the texts in the other one (or null). */
  language: workflows.language,
  translation: workflows.translation,
  price: workflows.price,
  coverKey: workflows.coverKey,
  coverThumbKey: workflows.coverThumbKey,
};

/** The jsonb a screenshot list holds an upload's key in (`[{ key }]`), for a containment test. */
export const screenshotKeyOf = (key: SQL | AnyColumn) =>
  sql`jsonb_build_array(jsonb_build_object('key', ${key}))`;

/** An upload no workflow uses, neither as a version's file nor as its cover nor among its screenshots. */
export const uploadUnusedByWorkflows: SQL[] = [
  sql`not exists (select 1 from ${workflowVersions} v where v.file_key = ${uploads.key})`,
  sql`not exists (select 1 from ${workflows} w where w.cover_key = ${uploads.key})`,
  sql`not exists (select 1 from ${workflows} w where w.screenshots @> ${screenshotKeyOf(uploads.key)})`,
];

/** The name a user shows others: the display name, else the full name, else `fallback` (or null). */
export function publicName(): SQL<string | null>;
export function publicName(fallback: SQL | string): SQL<string>;
export function publicName(fallback?: SQL | string): SQL<string | null> {
  const names = [sql`nullif(${user.displayName}, '')`, sql`nullif(${user.name}, '')`];
  if (fallback !== undefined) names.push(sql`${fallback}`);
  return sql`coalesce(${sql.join(names, sql`, `)})`;
}

/** The partial unique indexes that let a reporter hold one open report at a time. */
export const whileOpen = sql`status = 'open'`;

/**
 * Files a report at most once while it is open: the inserted row, or (when `whileOpen`'s index
 * skipped the insert, also under concurrent requests) the open one already there.
 */
export async function insertedOrOpen<Row>(
  inserting: Promise<Row[]>,
  findOpen: () => Promise<Row | null | undefined>,
) {
  const [inserted] = await inserting;
  if (inserted) return { created: true, report: inserted };
  const open = await findOpen();
  if (!open) throw new Error('the open report vanished between insert and read');
  return { created: false, report: open };
}

/** Row `id` of a table whose rows each belong to one user, only when it is `userId`'s. */
export function ownRow(table: { id: AnyColumn; userId: AnyColumn }, userId: string, id: string): SQL {
  return and(eq(table.id, id), eq(table.userId, userId))!;
}

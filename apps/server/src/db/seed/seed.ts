import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { count, eq, sql } from 'drizzle-orm';
import { slugify } from '@flowbay/domain';
import { parseWorkflowExport, summarizeExport } from '@flowbay/workflow-formats';
import {
  PLATFORM_IDS,
  PLATFORMS as PLATFORM_TABLE,
  type PlatformId,
} from '@flowbay/workflow-formats/platforms';
import type { Database } from '../client.ts';
import {
  categories,
  favorites,
  subcategories,
  user,
  workflowCategories,
  workflowSubcategories,
  workflowVersions,
  workflows,
} from '../schema.ts';
import type { Storage } from '../../infra/storage/index.ts';
import { buildSearchDocument } from '../../lib/search-document.ts';
import { DEMO_AUTHORS, DEMO_WORKFLOWS, type DemoWorkflow } from './demo-data.ts';
import { PLATFORMS, USE_CASES } from './taxonomy.ts';

/** The demo files are the export corpus of packages/workflow-formats (one copy; attribution in its SOURCES.md). */
const CORPUS_DIR = fileURLToPath(
  new URL('../../../../../packages/workflow-formats/test/fixtures/', import.meta.url),
);
const DAY_MS = 24 * 60 * 60 * 1000;

/** Platforms and use cases: every database needs them, so this runs on every start. */
export async function seedTaxonomy(db: Database): Promise<void> {
  await db
    .insert(categories)
    .values(PLATFORMS.map((platform, position) => ({ ...platform, position })))
    .onConflictDoNothing();
  await db
    .insert(subcategories)
    .values(USE_CASES.map((useCase, position) => ({ ...useCase, position })))
    .onConflictDoNothing();
}

/** A simple branded cover (no text, so it renders the same on every machine). */
async function makeCover(platform: PlatformId, seed: number): Promise<{ cover: Buffer; thumb: Buffer }> {
  const [from, to] = PLATFORM_TABLE[platform].coverColours;
  const circles = Array.from({ length: 6 }, (_, index) => {
    const x = (seed * 97 + index * 211) % 1200;
    const y = (seed * 53 + index * 137) % 630;
    const r = 40 + ((seed + index * 31) % 120);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="0.${(index % 3) + 1}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/>${circles}</svg>`;
  const cover = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
  const thumb = await sharp(cover).resize(480, 252).webp({ quality: 70 }).toBuffer();
  return { cover, thumb };
}

async function loadExport(item: DemoWorkflow) {
  const folder = PLATFORM_IDS.find((name) => existsSync(`${CORPUS_DIR}${name}/${item.file}`));
  if (!folder) throw new Error(`Demo file ${item.file} is not in the corpus`);
  const text = await readFile(`${CORPUS_DIR}${folder}/${item.file}`, 'utf8');
  const parsed = parseWorkflowExport(text);
  if (!parsed.ok) throw new Error(`Demo file ${item.file} does not parse: ${parsed.error.message}`);
  const summary = summarizeExport(parsed);
  if (!summary) throw new Error(`Demo file ${item.file} has no summary`);
  return { text, summary };
}

/** Demo authors and the demo catalogue; only into a database that has no workflows yet. */
export async function seedDemo(
  db: Database,
  storage: Storage,
): Promise<{ seeded: boolean; workflows: number }> {
  const [existing] = await db.select({ value: count() }).from(workflows);
  if (Number(existing?.value ?? 0) > 0) return { seeded: false, workflows: 0 };

  const authorIds = new Map<string, string>();
  for (const author of DEMO_AUTHORS) {
    const [row] = await db
      .insert(user)
      .values({
        id: randomUUID(),
        name: author.name,
        email: author.email,
        emailVerified: true,
        locale: author.locale,
      })
      .onConflictDoUpdate({ target: user.email, set: { name: author.name } })
      .returning({ id: user.id });
    authorIds.set(author.key, row!.id);
  }
  const useCaseNames = new Map<string, { name: string; nameVi: string }>(
    USE_CASES.map((item) => [item.id, item]),
  );
  const platformNames = new Map<string, { name: string; nameVi: string }>(
    PLATFORMS.map((item) => [item.id, item]),
  );

  const now = Date.now();
  for (const [index, item] of DEMO_WORKFLOWS.entries()) {
    const { text, summary } = await loadExport(item);
    const userId = authorIds.get(item.author)!;
    const fileKey = `workflows/${userId}/${randomUUID()}.json`;
    await storage.put(fileKey, Buffer.from(text), 'application/json');
    let coverKey: string | null = null;
    let coverThumbKey: string | null = null;
    if (item.price > 0 || index % 3 === 0) {
      const { cover, thumb } = await makeCover(summary.platform, index + 1);
      const id = randomUUID();
      coverKey = `covers/${userId}/${id}.webp`;
      coverThumbKey = `covers/${userId}/${id}-thumb.webp`;
      await storage.put(coverKey, cover, 'image/webp');
      await storage.put(coverThumbKey, thumb, 'image/webp');
    }
    const createdAt = new Date(now - item.daysAgo * DAY_MS - index * 60_000);
    const taxonomy = [
      platformNames.get(summary.platform)!,
      ...item.useCases.map((id) => useCaseNames.get(id)!),
    ];
    await db.transaction(async (tx) => {
      const [workflow] = await tx
        .insert(workflows)
        .values({
          userId,
          slug: slugify(item.title),
          title: item.title,
          description: item.description,
          faq: item.faq,
          language: item.language,
          translation: item.translation,
          price: item.price,
          coverKey,
          coverThumbKey,
          testedWith: item.testedWith ?? null,
          status: 'listed',
          nodeSummary: summary,
          views: item.views,
          searchDocument: buildSearchDocument({ ...item, summary, taxonomy }),
          listedAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: workflows.id });
      const workflowId = workflow!.id;
      const [version] = await tx
        .insert(workflowVersions)
        .values({
          workflowId,
          version: '1.0',
          fileKey,
          size: Buffer.byteLength(text),
          sha256: createHash('sha256').update(text).digest('hex'),
          summary,
          moderationStatus: 'approved',
          isCurrent: true,
          createdBy: userId,
          createdAt,
          moderatedAt: createdAt,
        })
        .returning({ id: workflowVersions.id });
      await tx.update(workflows).set({ currentVersionId: version!.id }).where(eq(workflows.id, workflowId));
      await tx.insert(workflowCategories).values({ workflowId, categoryId: summary.platform });
      await tx
        .insert(workflowSubcategories)
        .values(item.useCases.map((subcategoryId) => ({ workflowId, subcategoryId })));
      if (item.favouritedBy.length > 0) {
        await tx
          .insert(favorites)
          .values(item.favouritedBy.map((key) => ({ userId: authorIds.get(key)!, workflowId })));
        await tx
          .update(workflows)
          .set({
            favoritesCount: sql`(select count(*)::int from ${favorites} where ${favorites.workflowId} = ${workflowId})`,
          })
          .where(eq(workflows.id, workflowId));
      }
    });
  }
  return { seeded: true, workflows: DEMO_WORKFLOWS.length };
}

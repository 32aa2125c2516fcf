import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { slugify, type WorkflowStatus } from '@flowbay/domain';
import type { ExportSummary, PlatformId } from '@flowbay/workflow-formats';
import type { Database } from '../db/client.ts';
import {
  favorites,
  purchases,
  user,
  workflowCategories,
  workflowSubcategories,
  workflowVersions,
  workflows,
} from '../db/schema.ts';
import type { Storage } from '../infra/storage/index.ts';
import { buildSearchDocument } from '../lib/search-document.ts';
import { PLATFORMS, USE_CASES } from '../db/seed/taxonomy.ts';
import { n8nNode } from './publishing.ts';

let sequence = 0;

export async function createUser(
  db: Database,
  overrides: Partial<typeof user.$inferInsert> = {},
): Promise<typeof user.$inferSelect> {
  sequence += 1;
  const [row] = await db
    .insert(user)
    .values({
      id: randomUUID(),
      name: `Test User ${sequence}`,
      email: `user${sequence}-${randomUUID().slice(0, 8)}@example.test`,
      emailVerified: true,
      ...overrides,
    })
    .returning();
  return row!;
}

export interface WorkflowFactoryInput {
  userId: string;
  title?: string;
  description?: string;
  price?: number;
  status?: WorkflowStatus;
  platform?: PlatformId;
  useCases?: string[];
  apps?: { key: string; name: string }[];
  views?: number;
  createdAt?: Date;
  file?: string;
  deleted?: boolean;
}

const DEFAULT_FILE = JSON.stringify({
  name: 'Factory workflow',
  nodes: [n8nNode('a', 'Webhook', 'n8n-nodes-base.webhook')],
  connections: {},
});

/** A workflow with one version, written straight to the database and storage. */
export async function createWorkflow(db: Database, storage: Storage, input: WorkflowFactoryInput) {
  sequence += 1;
  const title = input.title ?? `Factory workflow ${sequence}`;
  const description = input.description ?? '';
  const platform = input.platform ?? 'n8n';
  const useCases = input.useCases ?? ['productivity'];
  const status = input.status ?? 'listed';
  const apps = input.apps ?? [{ key: 'webhook', name: 'Webhook' }];
  const summary: ExportSummary = {
    platform,
    workflowCount: 1,
    nodeCount: apps.length,
    edgeCount: Math.max(0, apps.length - 1),
    apps: apps.map((app) => ({ ...app, count: 1, core: app.key === 'webhook' })),
    requirements: { credentials: [], communityPackages: [], nodeTypeVersions: [] },
  };
  const file = input.file ?? DEFAULT_FILE;
  const fileKey = `workflows/${input.userId}/${randomUUID()}.json`;
  await storage.put(fileKey, Buffer.from(file), 'application/json');
  const taxonomy = [
    ...PLATFORMS.filter((item) => item.id === platform),
    ...USE_CASES.filter((item) => useCases.includes(item.id)),
  ];
  const createdAt = input.createdAt ?? new Date();
  const [workflow] = await db
    .insert(workflows)
    .values({
      userId: input.userId,
      slug: slugify(title),
      title,
      description,
      price: input.price ?? 0,
      status,
      nodeSummary: summary,
      views: input.views ?? 0,
      searchDocument: buildSearchDocument({ title, description, summary, taxonomy }),
      createdAt,
      updatedAt: createdAt,
      listedAt: status === 'listed' ? createdAt : null,
      deletedAt: input.deleted ? new Date() : null,
    })
    .returning();
  const [version] = await db
    .insert(workflowVersions)
    .values({
      workflowId: workflow!.id,
      version: '1.0',
      fileKey,
      size: Buffer.byteLength(file),
      sha256: createHash('sha256').update(file).digest('hex'),
      summary,
      moderationStatus: status === 'listed' ? 'approved' : 'pending',
      isCurrent: status === 'listed',
      createdBy: input.userId,
    })
    .returning();
  if (status === 'listed') {
    await db.update(workflows).set({ currentVersionId: version!.id }).where(eq(workflows.id, workflow!.id));
  }
  await db.insert(workflowCategories).values({ workflowId: workflow!.id, categoryId: platform });
  await db
    .insert(workflowSubcategories)
    .values(useCases.map((subcategoryId) => ({ workflowId: workflow!.id, subcategoryId })));
  return {
    ...workflow!,
    currentVersionId: status === 'listed' ? version!.id : null,
    version: version!,
    fileKey,
  };
}

export async function addFavorite(db: Database, userId: string, workflowId: string) {
  await db.insert(favorites).values({ userId, workflowId });
}

export async function addPurchase(db: Database, userId: string, workflowId: string, amount: number) {
  await db.insert(purchases).values({ userId, workflowId, amount });
}

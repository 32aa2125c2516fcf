import { z } from 'zod';
import { CompatBadge, SafetyFinding, SetupEstimate } from './checks.ts';

/**
 * n8n's templates API as n8n's editor (1.x) reads it, served under /n8n so that
 * `N8N_TEMPLATES_HOST=<PUBLIC_URL>/n8n` makes Flowbay an n8n instance's template library
 * (docs/decisions/0050-n8n-templates-api.md). Field names are n8n's.
 */

/** Largest page n8n's own API allows (`rows`/`limit` above it is refused). */
export const N8N_MAX_PAGE_SIZE = 100;
/** The page size n8n's editor asks for. */
export const N8N_DEFAULT_PAGE_SIZE = 20;

const pageSize = z.coerce.number().int().min(1).max(N8N_MAX_PAGE_SIZE);

/**
 * `/templates/search`: n8n 1.119 sends `limit`, other 1.x versions `rows`; `page` counts from 1;
 * `category` is a comma-separated list of category names. `apps`, `nodes`, `sort` and
 * `combineWith` are accepted and ignored.
 */
export const N8nSearchQuery = z.object({
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: pageSize.optional(),
  rows: pageSize.optional(),
  category: z.string().max(2000).optional(),
  apps: z.string().max(2000).optional(),
  nodes: z.string().max(2000).optional(),
  sort: z.string().max(100).optional(),
  combineWith: z.string().max(100).optional(),
});
export type N8nSearchQuery = z.infer<typeof N8nSearchQuery>;

/** `/templates/collections?category[]=<id>&search=`: category ids, repeated (or one value). */
export const N8nCollectionsQuery = z.object({
  'category[]': z.union([z.string().max(20), z.array(z.string().max(20)).max(50)]).optional(),
  category: z.union([z.string().max(200), z.array(z.string().max(20)).max(50)]).optional(),
  search: z.string().max(200).optional(),
});
export type N8nCollectionsQuery = z.infer<typeof N8nCollectionsQuery>;

export const N8nTemplateIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const N8nCategory = z.object({ id: z.number().int(), name: z.string() });
export type N8nCategory = z.infer<typeof N8nCategory>;

export const N8nCategories = z.object({ categories: z.array(N8nCategory) });
export type N8nCategories = z.infer<typeof N8nCategories>;

/** A node type as n8n's template cards show it (icon, display name). */
export const N8nTemplateNode = z.object({
  id: z.number().int(),
  /** The node type, e.g. `n8n-nodes-base.slack`. */
  name: z.string(),
  displayName: z.string(),
  icon: z.string(),
  iconData: z.object({ type: z.literal('file'), fileBuffer: z.string() }),
  defaults: z.object({ name: z.string() }),
  typeVersion: z.number(),
  categories: z.array(N8nCategory),
});
export type N8nTemplateNode = z.infer<typeof N8nTemplateNode>;

export const N8nTemplateUser = z.object({
  username: z.string(),
  name: z.string(),
  verified: z.boolean(),
});

export const N8nTemplateListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  totalViews: z.number().int(),
  recentViews: z.number().int(),
  createdAt: z.string(),
  /** Whole đồng; null when free. */
  price: z.number().int().nullable(),
  /** The workflow's page on Flowbay, where it is bought; null when free. */
  purchaseUrl: z.string().nullable(),
  user: N8nTemplateUser,
  nodes: z.array(N8nTemplateNode),
  /** Flowbay's additions (n8n ignores them): the n8n releases it runs on, setup estimate, public findings. */
  compatibility: CompatBadge.nullable(),
  setup: SetupEstimate.nullable(),
  findings: z.array(SafetyFinding.omit({ node: true })),
});
export type N8nTemplateListItem = z.infer<typeof N8nTemplateListItem>;

export const N8nSearchResult = z.object({
  totalWorkflows: z.number().int(),
  workflows: z.array(N8nTemplateListItem),
  filters: z.array(z.unknown()),
});
export type N8nSearchResult = z.infer<typeof N8nSearchResult>;

/** The workflow itself, as n8n puts it on its canvas. */
export const N8nWorkflowJson = z.object({
  /** Like every n8n file Flowbay serves: named (the title when the export has none) and inactive. */
  name: z.string(),
  active: z.literal(false),
  nodes: z.array(z.unknown()),
  connections: z.record(z.string(), z.unknown()),
  settings: z.record(z.string(), z.unknown()),
  pinData: z.record(z.string(), z.unknown()),
});
export type N8nWorkflowJson = z.infer<typeof N8nWorkflowJson>;

export const N8nTemplateDetail = N8nTemplateListItem.extend({
  /** Markdown. */
  description: z.string(),
  image: z.array(z.object({ id: z.number().int(), url: z.string() })),
  categories: z.array(N8nCategory),
  workflowInfo: z.object({
    nodeCount: z.number().int(),
    nodeTypes: z.record(z.string(), z.object({ count: z.number().int() })),
  }),
  workflow: N8nWorkflowJson,
});
export type N8nTemplateDetail = z.infer<typeof N8nTemplateDetail>;

export const N8nTemplateResponse = z.object({ workflow: N8nTemplateDetail });
export type N8nTemplateResponse = z.infer<typeof N8nTemplateResponse>;

/** `/workflows/templates/{id}`: the flat shape n8n imports onto its canvas. */
export const N8nImportTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  workflow: N8nWorkflowJson,
});
export type N8nImportTemplate = z.infer<typeof N8nImportTemplate>;

export const N8nCollectionListItem = z.object({
  id: z.number().int(),
  rank: z.number().int(),
  name: z.string(),
  totalViews: z.number().int(),
  createdAt: z.string(),
  workflows: z.array(z.object({ id: z.number().int() })),
  nodes: z.array(N8nTemplateNode),
});
export type N8nCollectionListItem = z.infer<typeof N8nCollectionListItem>;

export const N8nCollections = z.object({ collections: z.array(N8nCollectionListItem) });
export type N8nCollections = z.infer<typeof N8nCollections>;

export const N8nCollectionDetail = N8nCollectionListItem.omit({ workflows: true }).extend({
  description: z.string(),
  image: z.array(z.object({ id: z.number().int(), url: z.string() })),
  categories: z.array(N8nCategory),
  workflows: z.array(N8nTemplateListItem),
});
export const N8nCollectionResponse = z.object({ collection: N8nCollectionDetail });
export type N8nCollectionResponse = z.infer<typeof N8nCollectionResponse>;

export const N8nHealth = z.object({ status: z.literal('OK') });

/* ---------- personal library keys (Flowbay's own API, signed in) ---------- */

export const N8N_KEY_LABEL_MAX = 60;
/** Active keys one account may hold. */
export const N8N_MAX_KEYS = 10;

export const CreateN8nKeyBody = z.object({ label: z.string().trim().max(N8N_KEY_LABEL_MAX).default('') });
export type CreateN8nKeyBody = z.infer<typeof CreateN8nKeyBody>;

export const N8nKey = z.object({
  id: z.string(),
  label: z.string(),
  /** The first characters of the key, so its owner can tell keys apart; the key itself is never shown again. */
  prefix: z.string(),
  created_at: z.string(),
});
export type N8nKey = z.infer<typeof N8nKey>;

export const N8nKeyList = z.array(N8nKey);

/** Only the answer to creating a key holds the key, and the template host built from it. */
export const CreatedN8nKey = N8nKey.extend({ key: z.string(), templates_host: z.string() });
export type CreatedN8nKey = z.infer<typeof CreatedN8nKey>;

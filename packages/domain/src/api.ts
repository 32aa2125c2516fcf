import { z } from 'zod';
import { BuyerSummary } from './commerce.ts';
import { NodeSummary, WORKFLOW_STATUSES } from './common.ts';
import { PRICE_FILTERS } from './price.ts';
import { ModerationState, VersionCheckResult } from './publishing.ts';
import { CheckedPanel, CompatBadge, N8nCompatibility, NeededCredential, SetupEstimate } from './checks.ts';

/** Response shapes of the public API (its field names are part of the contract, endpoints.ts). */
export const ApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof ApiError>;

export const Category = z.object({ id: z.string(), name: z.string(), name_vi: z.string() });
export type Category = z.infer<typeof Category>;
export const Subcategory = Category;
export type Subcategory = Category;

export const AuthorSummary = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type AuthorSummary = z.infer<typeof AuthorSummary>;

export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** A workflow in a path (`/api/workflows/:id`): its id, number or bare slug. */
export const WorkflowRefParams = z.object({ id: z.string().min(1).max(200) });

const ListingLanguageField = z.enum(['en', 'vi']);
/** A listing's texts in one language (docs/decisions/0173). */
export const ListingText = z.object({
  title: z.string(),
  description: z.string(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type ListingText = z.infer<typeof ListingText>;

export const WorkflowCard = z.object({
  id: z.string().uuid(),
  number: z.number().int(),
  slug: z.string(),
  /** Title and description in `shown_language`: the caller's language when the listing has it. */
  title: z.string(),
  description: z.string(),
  /** The listing's original language. */
  language: ListingLanguageField,
  /** The languages it is written in, the original first. */
  languages: z.array(ListingLanguageField),
  /** The language of `title` and `description` as sent; a tag ("EN") shows when it is not the caller's. */
  shown_language: ListingLanguageField,
  price: z.number().int(),
  cover_image_url: z.string().nullable(),
  cover_thumb_url: z.string().nullable(),
  version: z.string(),
  views: z.number().int(),
  favorites_count: z.number().int(),
  /** Downloads, counted once per visitor and day. */
  downloads: z.number().int(),
  /** Mean stars of the visible reviews (two decimals), null while unrated. */
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
  user_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  status: z.enum(WORKFLOW_STATUSES),
  profiles: AuthorSummary.nullable(),
  categories: z.array(Category),
  workflow_subcategories: z.array(z.object({ subcategory_id: z.string(), subcategories: Subcategory })),
  node_summary: NodeSummary.nullable(),
  /** The n8n releases the listed version runs on (n8n listings only, else null). */
  compat: CompatBadge.nullable(),
  /** Difficulty and setup minutes of the listed version; null until computed. */
  setup: SetupEstimate.nullable(),
});
export type WorkflowCard = z.infer<typeof WorkflowCard>;

/** Counts per filter value for the current search and filters (the public catalogue only). */
export const CatalogFacets = z.object({
  apps: z.array(z.object({ key: z.string(), name: z.string(), count: z.number().int() })),
  platforms: z.array(z.object({ id: z.string(), count: z.number().int() })),
  use_cases: z.array(z.object({ id: z.string(), count: z.number().int() })),
  price: z.array(z.object({ band: z.enum(PRICE_FILTERS).exclude(['all']), count: z.number().int() })),
});
export type CatalogFacets = z.infer<typeof CatalogFacets>;

export const WorkflowList = z.object({
  workflows: z.array(WorkflowCard),
  totalCount: z.number().int(),
  filteredCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: CatalogFacets.optional(),
  /** The search as understood when a word was corrected ("notoin" → "notion"). */
  correctedSearch: z.string().optional(),
  /** A price the search's own words asked for ("free", "miễn phí", "có phí"), applied as a filter. */
  priceIntent: z.enum(['free', 'paid']).optional(),
});
export type WorkflowList = z.infer<typeof WorkflowList>;

export const Requirements = z.object({
  credentials: z.array(
    z.object({ app: z.string(), type: z.string(), names: z.array(z.string()), nodes: z.array(z.string()) }),
  ),
  communityPackages: z.array(z.string()),
  nodeTypeVersions: z.array(z.object({ type: z.string(), version: z.union([z.string(), z.number()]) })),
});

export const WorkflowAccess = z.object({
  can_download: z.boolean(),
  can_manage: z.boolean(),
  purchased: z.boolean(),
  reason: z.enum(['free', 'author', 'admin', 'purchased', 'payment_required']),
});
export type WorkflowAccess = z.infer<typeof WorkflowAccess>;

/** A listing screenshot, served as WebP with its size (for width/height attributes). */
export const Screenshot = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The caption in the caller's language when written, else the original's. */
  caption: z.string(),
  /** The caption as written in the listing's original language and in the other one ('' for none). */
  caption_original: z.string(),
  caption_translation: z.string(),
});
export type Screenshot = z.infer<typeof Screenshot>;

/** A listing's screenshots as its author sees them: the pending edit's list while one waits. */
export const ScreenshotList = z.object({
  screenshots: z.array(Screenshot),
  /** True when this list waits for review (the listing still shows the approved one). */
  pending_review: z.boolean(),
});
export type ScreenshotList = z.infer<typeof ScreenshotList>;

export const WorkflowDetail = WorkflowCard.extend({
  /** Only present for free workflows or callers entitled to the file. */
  file_url: z.string().nullable(),
  workflow_data: z.unknown().nullable(),
  tested_with: z.string().nullable(),
  /** A Zapier listing's "share a Zap" link (https://zapier.com/shared/…), else null. */
  zapier_share_url: z.string().nullable(),
  /** Whether the structure preview of this paid listing shows its sticky notes' text before purchase. */
  show_notes_before_purchase: z.boolean(),
  /**
   * The Commercial and Agency licences' prices (null: not offered) and how many clients the Agency
   * licence covers (decision 0159); the Personal licence's price is `price`.
   */
  commercial_price: z.number().int().nullable(),
  agency_price: z.number().int().nullable(),
  agency_clients: z.number().int().nullable(),
  requirements: Requirements.nullable(),
  access: WorkflowAccess,
  has_pending_changes: z.boolean(),
  /** Approved screenshots, in order (at most SCREENSHOTS_MAX). */
  screenshots: z.array(Screenshot),
  /** The optional product FAQ in `shown_language`, approved content only. */
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  /** The approved texts per language (null: not written in it), for the author's form and the toggle. */
  texts: z.object({ en: ListingText.nullable(), vi: ListingText.nullable() }),
  /** How many people bought it; only for its author and admins (the delete warning), else null. */
  purchase_count: z.number().int().nullable(),
  /** What a buyer needs to decide, by public name only; paid workflows only, else null. */
  buyer_summary: BuyerSummary.nullable(),
  /** Which n8n releases the listed version runs on and why (n8n listings only, else null). */
  compatibility: N8nCompatibility.nullable(),
  /** The public "Checked" panel: public findings only, never node names or code (paid listings too). */
  checked: CheckedPanel.nullable(),
  /** The credentials / connections to set up, by their platform's display name. */
  credentials_needed: z.array(NeededCredential),
});
export type WorkflowDetail = z.infer<typeof WorkflowDetail>;

const StructurePosition = z.object({ x: z.number(), y: z.number() });

/**
 * What a paid workflow's structure preview shows before purchase (GET /api/workflows/:id/structure):
 * each node as its app or node type (never its author-chosen name or settings), the connections
 * between them by index, and sticky notes' text only when the author allows it.
 */
export const WorkflowStructure = z.object({
  platform: z.string(),
  /** Nodes in the whole file, notes left out; `bounded` when only the first ones are drawn. */
  node_count: z.number().int(),
  bounded: z.boolean(),
  notes_shown: z.boolean(),
  graphs: z.array(
    z.object({
      nodes: z.array(
        z.object({
          id: z.string(),
          app: z.string(),
          /** The app's or node type's display name ("HTTP Request", "Slack"). */
          name: z.string(),
          /** The platform's node type (`n8n-nodes-base.slack`, `slack:CreateMessage`, `SlackAPI`). */
          type: z.string(),
          kind: z.enum(['trigger', 'action', 'router', 'filter', 'note']),
          position: StructurePosition,
          disabled: z.boolean(),
        }),
      ),
      edges: z.array(z.object({ id: z.string(), from: z.string(), to: z.string(), kind: z.string() })),
      notes: z.array(
        z.object({
          id: z.string(),
          text: z.string(),
          position: StructurePosition,
          size: z.object({ width: z.number(), height: z.number() }).optional(),
        }),
      ),
    }),
  ),
});
export type WorkflowStructure = z.infer<typeof WorkflowStructure>;

/** Beside a workflow: listed ones sharing its apps or use cases, and the author's other listed ones. */
export const RelatedWorkflows = z.object({
  related: z.array(WorkflowCard),
  by_author: z.array(WorkflowCard),
});
export type RelatedWorkflows = z.infer<typeof RelatedWorkflows>;
export const RELATED_LIMIT = 4;

export const WorkflowVersion = z.object({
  id: z.string().uuid(),
  version: z.string(),
  file_url: z.string().nullable(),
  created_at: z.string(),
  is_current: z.boolean(),
  size: z.number().int(),
  review_status: z.enum(MODERATION_STATUSES),
  review_reason: z.string().nullable(),
  /** What changed in this version, in the caller's language when written ('' for versions from before notes). */
  notes: z.string(),
  /** The notes as written in the listing's original language and in the other one ('' for none). */
  notes_original: z.string(),
  notes_translation: z.string(),
  /** Every finding (with node names), compatibility and setup: for its author and admins only, else null. */
  checks: VersionCheckResult.nullable(),
});
export type WorkflowVersion = z.infer<typeof WorkflowVersion>;

export const AuthorStats = z.object({
  workflowCount: z.number().int(),
  /** How many times people favourited the author's listed workflows, summed. */
  totalFavorites: z.number().int(),
  /** Mean stars over every visible review of the author's listed workflows; null while unrated. */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type AuthorStats = z.infer<typeof AuthorStats>;

/** An author's public page: what cards show of them, and their listed work. */
export const PublicProfile = AuthorSummary.extend({
  created_at: z.string(),
  workflow_count: z.number().int(),
  total_nodes: z.number().int(),
  bio: z.string().nullable(),
  links: z.array(z.string()),
  /** How many times people saved the author's listed workflows as favourites. */
  total_favorites: z.number().int(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

export const WorkflowCategoryLink = z.object({
  workflow_id: z.string(),
  category_id: z.string(),
  categories: z.object({ name: z.string(), name_vi: z.string() }),
});

export const Health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** The answer of recording a view: the new count, and whether this visitor was counted today. */
export const ViewCount = z.object({ views: z.number().int(), counted: z.boolean() });
export type ViewCount = z.infer<typeof ViewCount>;

export const FavoriteState = z.object({
  workflow_id: z.string(),
  isFavorited: z.boolean(),
  favorites_count: z.number().int(),
});
export type FavoriteState = z.infer<typeof FavoriteState>;

export const FavoriteCheckQuery = z.object({ workflow_id: z.string().uuid() });
export const FavoriteCheck = z.object({ isFavorited: z.boolean() });
export type FavoriteCheck = z.infer<typeof FavoriteCheck>;

/** "My workflows": every status, each with its review decision. */
export const MyWorkflow = WorkflowCard.extend({ review: ModerationState });
export type MyWorkflow = z.infer<typeof MyWorkflow>;
export const MyWorkflowList = WorkflowList.extend({ workflows: z.array(MyWorkflow) });
export type MyWorkflowList = z.infer<typeof MyWorkflowList>;

export const WorkflowDeleted = z.object({
  id: z.string(),
  deleted: z.literal(true),
  buyers_keep_access: z.boolean(),
});
export type WorkflowDeleted = z.infer<typeof WorkflowDeleted>;

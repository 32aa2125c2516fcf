import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AuditAction,
  AuditSubjectType,
  DiscountKind,
  LicenceTier,
  DownloadEventKind,
  NodeSummary,
  OrderState,
  PaymentIncidentKind,
  PaymentIncidentOutcome,
  PaymentProviderId,
  RefundRequestState,
  SellerTaxKind,
  ModerationStatus,
  WorkflowStatus,
  ListingLanguage,
  ListingTranslation,
} from '@flowbay/domain';
import type { InvoiceProviderId, InvoiceState } from '@flowbay/domain/invoices';
import type { StoredReviewReportReason } from '@flowbay/domain/reports';
import type { ExportSummary } from '@flowbay/workflow-formats';

/** A listing's FAQ entry and screenshot as stored (the API's shapes are in @flowbay/domain). */
export interface ListingFaqItem {
  question: string;
  answer: string;
}
export interface ListingScreenshot {
  /** Stable id (the object's file name) used to reorder, caption and remove it. */
  id: string;
  key: string;
  width: number;
  height: number;
  caption: string;
  /** The caption in the listing's other language (absent or '' for none; migration 0037). */
  captionTranslation?: string;
}

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/* ---------- accounts (Better Auth's tables; field names are Better Auth's) ---------- */

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').$type<'user' | 'admin'>().notNull().default('user'),
  locale: text('locale').$type<'en' | 'vi'>().notNull().default('en'),
  displayName: text('display_name'),
  /** Plain text shown on the public profile (BIO_MAX). */
  bio: text('bio'),
  /** Up to PROFILE_LINKS_MAX http(s) addresses shown on the public profile. */
  links: jsonb('links').$type<string[]>().notNull().default([]),
  /** The uploaded avatar (storage key); `image` holds its public address. */
  avatarKey: text('avatar_key'),
  /** Set when the account was deleted: the row stays, identity scrubbed, so kept records still point somewhere. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('session_user_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('account_user_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/* ---------- taxonomy ---------- */

/** Platforms (n8n, Make, Zapier). Ids are readable slugs so filters make clean addresses. */
export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  nameVi: text('name_vi').notNull(),
  position: integer('position').notNull().default(0),
});

/** Use cases ("job types"), in English and Vietnamese. */
export const subcategories = pgTable('subcategories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  nameVi: text('name_vi').notNull(),
  position: integer('position').notNull().default(0),
});

/* ---------- workflows ---------- */

/**
 * The listed content of a workflow lives on this row (its last approved revision), so the catalogue
 * reads one table. Edits of a listed workflow wait in workflow_edits; files in workflow_versions.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').generatedAlwaysAsIdentity().notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    /** Title, description and FAQ are written in `language`, the listing's original (migration 0037). */
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').$type<ListingLanguage>().notNull().default('en'),
    /** The same texts in the other language, written by the author; null when there is none. */
    translation: jsonb('translation').$type<ListingTranslation>(),
    /** The Personal licence's price (0: free). */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    /** The optional Commercial and Agency licences' prices, and how many clients an Agency licence covers. */
    commercialPrice: bigint('commercial_price', { mode: 'number' }),
    agencyPrice: bigint('agency_price', { mode: 'number' }),
    agencyClients: integer('agency_clients'),
    coverKey: text('cover_key'),
    coverThumbKey: text('cover_thumb_key'),
    testedWith: text('tested_with'),
    /** A Zapier listing's share link (https://zapier.com/shared/…): Zapier has no import API. */
    zapierShareUrl: text('zapier_share_url'),
    /** The product FAQ (question and answer pairs, at most FAQ_MAX). */
    faq: jsonb('faq').$type<ListingFaqItem[]>().notNull().default([]),
    /** Screenshots in their order: WebP objects under screenshots/, with their size (at most SCREENSHOTS_MAX). */
    screenshots: jsonb('screenshots').$type<ListingScreenshot[]>().notNull().default([]),
    /** A paid listing's structure preview shows its sticky notes' text before purchase (migration 0027). */
    showNotesBeforePurchase: boolean('show_notes_before_purchase').notNull().default(false),
    status: text('status').$type<WorkflowStatus>().notNull().default('pending'),
    /** The approved version whose file is listed; null until the first approval. */
    currentVersionId: uuid('current_version_id'),
    nodeSummary: jsonb('node_summary').$type<NodeSummary>(),
    views: integer('views').notNull().default(0),
    favoritesCount: integer('favorites_count').notNull().default(0),
    /** Downloads, counted once per visitor and day like views (workflow_downloads). */
    downloads: integer('downloads').notNull().default(0),
    /** Visible (not hidden) reviews and the sum of their stars, kept by the ratings repository. */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The Top rated order: a Bayesian average, null while unrated (docs/decisions/0070-ratings.md). */
    ratingScore: doublePrecision('rating_score').generatedAlwaysAs(
      sql`case when rating_count = 0 then null else (rating_sum + 17.5) / (rating_count + 5.0) end`,
    ),
    /** Title, description, app and use-case names, maintained by the service for search. */
    searchDocument: text('search_document').notNull().default(''),
    /** Title and translated title rank first, then the document and translated description (migration 0038). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', f_unaccent(lower(title || E'\n' || coalesce(translation->>'title', '')))), 'A') || setweight(to_tsvector('simple', f_unaccent(lower(search_document || E'\n' || coalesce(translation->>'description', '')))), 'B')`,
    ),
    listedAt: timestamp('listed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * When the row last changed in any way, stamped by a trigger (migration 0010): each process's
     * search index reads the rows changed since its last poll (docs/decisions/0007-search-index.md).
     */
    searchChangedAt: timestamp('search_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('workflows_user_idx').on(table.userId),
    index('workflows_search_changed_idx').on(table.searchChangedAt),
    // Partial indexes over what the public catalogue reads: each sort walks one of them (either way).
    index('workflows_listed_created_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`status = 'listed' and deleted_at is null`),
    index('workflows_listed_views_idx')
      .on(table.views.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`status = 'listed' and deleted_at is null`),
    index('workflows_listed_price_idx')
      .on(table.price.asc().nullsLast(), table.id.asc().nullsLast())
      .where(sql`status = 'listed' and deleted_at is null`),
    index('workflows_search_vector_idx').using('gin', table.searchVector),
    // The review queue: what waits is a handful of rows among all workflows, versions and edits.
    index('workflows_pending_idx')
      .on(table.id)
      .where(sql`status = 'pending'`),
    index('workflows_listed_rating_idx')
      .on(table.ratingScore.desc().nullsLast(), table.id.desc().nullsFirst())
      .where(sql`status = 'listed' and deleted_at is null`),
  ],
);

/**
 * Every word the catalogue can be found by, kept by a trigger on workflows (migration 0004). Typo
 * tolerance corrects each query word against this small table by trigram similarity, then runs the
 * same full-text search (docs/decisions/0002-search.md).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (table) => [
  index('search_words_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`),
]);

export const workflowVersions = pgTable(
  'workflow_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    fileKey: text('file_key').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    summary: jsonb('summary').$type<ExportSummary>(),
    checks: jsonb('checks').$type<Record<string, unknown>>(),
    moderationStatus: text('review_status').$type<ModerationStatus>().notNull().default('pending'),
    moderationReason: text('review_reason'),
    isCurrent: boolean('is_current').notNull().default(false),
    /** What changed in this version, as its author wrote it ('' for versions from before notes). */
    notes: text('notes').notNull().default(''),
    /** The notes in the listing's other language ('' for none; migration 0037). */
    notesTranslation: text('notes_translation').notNull().default(''),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    moderatedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('workflow_versions_version_uq').on(table.workflowId, table.version),
    uniqueIndex('workflow_versions_current_uq')
      .on(table.workflowId)
      .where(sql`${table.isCurrent}`),
    // The reviewer's duplicate check: the same bytes, or a shared similarity key (docs/decisions/0121).
    index('workflow_versions_sha256_idx').on(table.sha256),
    // fastupdate off: no pending list to read through (PGlite runs no autovacuum to flush one).
    index('workflow_versions_similarity_idx')
      .using('gin', sql`(${table.summary}->'similarityKeys')`)
      .with({ fastupdate: false }),
    index('workflow_versions_pending_idx')
      .on(table.workflowId)
      .where(sql`review_status = 'pending'`),
  ],
);

/** A proposed change to a listed workflow's text, price, cover or taxonomy, waiting for review. */
export const workflowEdits = pgTable(
  'workflow_edits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    moderationStatus: text('review_status').$type<ModerationStatus>().notNull().default('pending'),
    moderationReason: text('review_reason'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    moderatedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    index('workflow_edits_workflow_idx').on(table.workflowId),
    index('workflow_edits_pending_idx')
      .on(table.workflowId)
      .where(sql`review_status = 'pending'`),
  ],
);

export const workflowCategories = pgTable(
  'workflow_categories',
  {
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.workflowId, table.categoryId] }),
    index('workflow_categories_category_idx').on(table.categoryId, table.workflowId),
  ],
);

export const workflowSubcategories = pgTable(
  'workflow_subcategories',
  {
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    subcategoryId: text('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.workflowId, table.subcategoryId] }),
    index('workflow_subcategories_subcategory_idx').on(table.subcategoryId, table.workflowId),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.workflowId] }),
    index('favorites_workflow_idx').on(table.workflowId),
  ],
);

/** One row per visitor, workflow and day: the primary key is what de-duplicates views. */
export const workflowViews = pgTable(
  'workflow_views',
  {
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day').notNull(),
  },
  (table) => [primaryKey({ columns: [table.workflowId, table.visitor, table.day] })],
);

export const moderationDecisions = pgTable(
  'review_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id').references(() => workflowVersions.id, { onDelete: 'set null' }),
    editId: uuid('edit_id').references(() => workflowEdits.id, { onDelete: 'set null' }),
    moderatorId: text('reviewer_id').references(() => user.id, { onDelete: 'set null' }),
    decision: text('decision').$type<'approved' | 'rejected'>().notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [index('review_decisions_workflow_idx').on(table.workflowId)],
);

export const REPORT_REASONS = ['spam', 'malicious', 'copyright', 'inappropriate', 'broken', 'other'] as const;

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason').$type<(typeof REPORT_REASONS)[number]>().notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<'open' | 'unlisted' | 'dismissed'>().notNull().default('open'),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('reports_status_idx').on(table.status, table.createdAt),
    // One open report per reporter and workflow, even under concurrent requests.
    uniqueIndex('reports_open_reporter_uq')
      .on(table.workflowId, table.reporterId)
      .where(sql`status = 'open'`),
  ],
);

/** What a buyer paid for: the entitlement that opens a paid workflow's files. */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    provider: text('provider').notNull().default('manual'),
    providerRef: text('provider_ref'),
    /** The paid order that created it (null for entitlements made before orders existed). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** Set when the order is refunded: the entitlement no longer opens the files. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The licence held now: the first order's, or a paid upgrade's (a refunded upgrade reverts it). */
    licence: text('licence').$type<LicenceTier>().notNull().default('personal'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('purchases_user_workflow_uq').on(table.userId, table.workflowId)],
);

/**
 * A seller's discount code: a percent or a fixed amount off, for some of their workflows (null: all),
 * usable `max_uses` times between `starts_at` and `ends_at`. `uses` counts orders holding a use; it
 * is taken by a conditional update, so concurrent checkouts never exceed `max_uses` (a check says so).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Upper case, as typed at checkout in any case. */
    code: text('code').notNull(),
    kind: text('kind').$type<DiscountKind>().notNull(),
    /** Percent (1–100) or whole đồng. */
    value: bigint('value', { mode: 'number' }).notNull(),
    workflowIds: uuid('workflow_ids').array(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('discount_codes_seller_code_uq').on(table.sellerId, table.code)],
);

/**
 * One attempt to buy a workflow. It snapshots buyer, item, seller and price when placed, so a later
 * price change or rename never alters it; only a verified provider callback moves it to `paid`.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    buyerId: text('buyer_id').references(() => user.id, { onDelete: 'set null' }),
    buyerEmail: text('buyer_email').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerLanguage: text('buyer_language').$type<'en' | 'vi'>().notNull().default('en'),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'restrict' }),
    workflowTitle: text('workflow_title').notNull(),
    sellerId: text('seller_id').references(() => user.id, { onDelete: 'set null' }),
    sellerName: text('seller_name').notNull(),
    /** What the buyer pays: list price (or an upgrade's difference) − discount. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The licence bought; an upgrade names the tier it replaces. */
    licence: text('licence').$type<LicenceTier>().notNull().default('personal'),
    upgradeFrom: text('upgrade_from').$type<LicenceTier>(),
    /** The tier's price when placed (null on orders placed before licences). */
    listPrice: bigint('list_price', { mode: 'number' }),
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    discountCode: text('discount_code'),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
    /** The order holds one use of its code: taken when placed, given back when it closes unpaid. */
    discountUseHeld: boolean('discount_use_held').notNull().default(false),
    currency: text('currency').$type<'VND'>().notNull().default('VND'),
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    state: text('state').$type<OrderState>().notNull().default('pending'),
    /** The provider's transaction (VNPay vnp_TransactionNo, Stripe payment intent). */
    providerRef: text('provider_ref'),
    /** The provider's checkout session (Stripe Checkout session id). */
    providerSession: text('provider_session'),
    /** Where the buyer pays; a repeated checkout of the same pending order answers it again. */
    redirectUrl: text('redirect_url'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundRef: text('refund_ref'),
    /** When reconciliation last asked the provider about this order after it closed. */
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
    /**
     * A bundle order (migration 0030): the bundle bought. `workflow_id` is then its dearest item and
     * `workflow_title` the bundle's title; bundle_order_items lists what it grants.
     */
    bundleId: uuid('bundle_id').references((): AnyPgColumn => bundles.id, { onDelete: 'restrict' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    // At most one open checkout per buyer and workflow (and per buyer and bundle): concurrent checkouts reuse it.
    uniqueIndex('orders_pending_uq')
      .on(table.buyerId, table.workflowId)
      .where(sql`state = 'pending' and bundle_id is null`),
    uniqueIndex('orders_pending_bundle_uq')
      .on(table.buyerId, table.bundleId)
      .where(sql`state = 'pending' and bundle_id is not null`),
    index('orders_state_created_idx').on(table.state, table.createdAt),
    index('orders_buyer_idx').on(table.buyerId, table.createdAt),
    index('orders_buyer_email_idx').on(table.buyerEmail),
  ],
);

export const BUNDLE_STATUSES = ['listed', 'unlisted'] as const;

/**
 * A seller's own listed workflows sold together at one price (docs/decisions, bundles). It groups
 * approved listings only, so it is not reviewed again; deleting it keeps the row for its orders.
 */
export const bundles = pgTable(
  'bundles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    price: bigint('price', { mode: 'number' }).notNull(),
    status: text('status').$type<(typeof BUNDLE_STATUSES)[number]>().notNull().default('listed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bundles_slug_uq').on(table.slug),
    index('bundles_seller_idx').on(table.sellerId, table.createdAt),
    check('bundles_status_ck', sql`status in ('listed', 'unlisted')`),
    check('bundles_price_ck', sql`price > 0`),
  ],
);

export const bundleItems = pgTable(
  'bundle_items',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bundleId, table.workflowId] }),
    index('bundle_items_workflow_idx').on(table.workflowId),
  ],
);

/**
 * What a bundle order grants, fixed when it is placed: each workflow the buyer did not own then, its
 * list price then, and its part of the order's amount (pro-rata by list price, summing to the amount).
 */
export const bundleOrderItems = pgTable(
  'bundle_order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'restrict' }),
    listPrice: bigint('list_price', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.workflowId] })],
);

/** Every provider callback and query answer received, valid or not (append-only: a trigger refuses changes). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    kind: text('kind').$type<'ipn' | 'return' | 'webhook' | 'query' | 'refund'>().notNull(),
    signatureValid: boolean('signature_valid').notNull(),
    /** What we answered or concluded (VNPay RspCode, `paid`, `ignored` …). */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('payment_events_order_idx').on(table.orderId, table.createdAt)],
);

/**
 * Callbacks whose signature did not verify, counted per provider, kind, source address and hour
 * instead of stored whole (a flood of forgeries must not grow the append-only payment_events).
 * Only the last sample is kept, trimmed; rows older than the retention are pruned.
 */
export const rejectedCallbacks = pgTable(
  'rejected_callbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    kind: text('kind').$type<'ipn' | 'return' | 'webhook'>().notNull(),
    address: text('address').notNull(),
    /** The hour the count is for. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    lastSample: jsonb('last_sample').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [
    uniqueIndex('rejected_callbacks_bucket_idx').on(table.provider, table.kind, table.address, table.hour),
    index('rejected_callbacks_hour_idx').on(table.hour),
  ],
);

export const refundRequests = pgTable('refund_requests', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'restrict' }),
  reason: text('reason').notNull(),
  state: text('state').$type<RefundRequestState>().notNull().default('open'),
  decisionReason: text('decision_reason'),
  decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  /** The seller's answer within 48 hours of the request (decision 0158): accepted, or contested with a reason. */
  sellerAnswer: text('seller_answer').$type<'accepted' | 'contested'>(),
  sellerReason: text('seller_reason'),
  sellerAnsweredAt: timestamp('seller_answered_at', { withTimezone: true }),
});

/**
 * A buyer's VAT invoice request for an order (hóa đơn GTGT, decision 0151), owned by the invoices
 * module: the company it is made out to, where it stands, and once issued its number and lookup code.
 * `adjustment_due_at` is set when the order is refunded after the invoice was issued.
 */
export const invoiceRequests = pgTable(
  'invoice_requests',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    companyName: text('company_name').notNull(),
    taxCode: text('tax_code').notNull(),
    address: text('address').notNull(),
    email: text('email').notNull(),
    state: text('state').$type<InvoiceState>().notNull().default('requested'),
    /** The driver that issues (or issued) it: `manual` (an admin) or `sepay`. */
    provider: text('provider').$type<InvoiceProviderId>().notNull().default('manual'),
    invoiceNumber: text('invoice_number'),
    lookupCode: text('lookup_code'),
    /** The provider's tracking code of the creation request, kept so a retry asks about it again. */
    providerRef: text('provider_ref'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    issuedBy: text('issued_by').references(() => user.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    adjustmentDueAt: timestamp('adjustment_due_at', { withTimezone: true }),
    adjustedAt: timestamp('adjusted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('invoice_requests_state_idx').on(table.state, table.createdAt)],
);

/**
 * A verified payment that did not land on a pending order, or landed where nothing can be granted:
 * fulfilled late, or refunded automatically (docs/decisions/0136-no-charge-without-an-entitlement.md).
 * One per order; the automatic refund's state lives here so a retry never refunds twice.
 */
export const paymentIncidents = pgTable(
  'payment_incidents',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<PaymentIncidentKind>().notNull(),
    outcome: text('outcome').$type<PaymentIncidentOutcome>().notNull(),
    /** The order's state when the payment arrived. */
    orderStateBefore: text('order_state_before').$type<OrderState>().notNull(),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    lastError: text('last_error'),
    refundRef: text('refund_ref'),
    /** What a short or over payment actually brought in (amount_mismatch only): what is owed back. */
    receivedAmount: bigint('received_amount', { mode: 'number' }),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [index('payment_incidents_created_idx').on(table.createdAt)],
);

/**
 * The built-in test gateway's own ledger (it plays the provider: what it charged, cancelled, refunded),
 * so status queries and refunds against it answer from the gateway's side, not from our orders.
 */
export const testGatewayPayments = pgTable('test_gateway_payments', {
  txnRef: text('txn_ref').primaryKey(),
  transactionNo: text('transaction_no').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  state: text('state').$type<'paid' | 'cancelled' | 'refunded'>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const JOB_STATES = ['queued', 'running', 'done', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The durable job queue (docs/decisions/0040-job-queue.md): workers in every server process claim due
 * jobs with FOR UPDATE SKIP LOCKED; failures retry with backoff until `max_attempts`, then rest as dead.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<JobState>().notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lastError: text('last_error'),
    /** A job with a key is queued at most once while it is not done (e.g. one reconciliation per order). */
    dedupeKey: text('dedupe_key'),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`state = 'queued'`),
    uniqueIndex('jobs_dedupe_uq')
      .on(table.dedupeKey)
      .where(sql`dedupe_key is not null and state in ('queued', 'running')`),
  ],
);

/** Every stored object, so a create can prove a file is the caller's own and orphans can be swept. */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** `screenshots`: a listing's screenshot, stored by publishing and tracked here for the orphan sweep. */
    folder: text('folder').$type<'workflows' | 'covers' | 'screenshots'>().notNull(),
    originalName: text('original_name').notNull().default(''),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    thumbKey: text('thumb_key'),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [index('uploads_user_idx').on(table.userId)],
);

export const translations = pgTable('translations', {
  id: text('id').primaryKey(),
  sourceText: text('source_text').notNull(),
  target: text('target').notNull(),
  translated: text('translated').notNull(),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * Personal n8n library keys: `/n8n/k/{key}` serves the owner's purchased workflows in full to their
 * n8n (docs/decisions/0050-n8n-templates-api.md). Only the key's SHA-256 is stored; it is shown once.
 */
export const n8nLibraryKeys = pgTable(
  'n8n_library_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('n8n_library_keys_user_idx').on(table.userId)],
);

/**
 * A user's own n8n instances for "Send to my n8n": the public API key is sealed (infra/sealed-text.ts,
 * purpose `n8n-api-key`); only its last characters are kept in the clear, to tell keys apart.
 */
export const n8nConnections = pgTable(
  'n8n_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    baseUrl: text('base_url').notNull(),
    apiKeySealed: text('api_key_sealed').notNull(),
    keyHint: text('key_hint').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('n8n_connections_user_idx').on(table.userId)],
);

/**
 * A user's saved Make connection: the zone its API token was made in, the team scenarios go to, and
 * the token sealed (AES-256-GCM under the server's secret) with its last characters beside it.
 */
export const makeConnections = pgTable(
  'make_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    zone: text('zone').notNull(),
    teamId: integer('team_id').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    tokenHint: text('token_hint').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('make_connections_user_idx').on(table.userId, table.createdAt)],
);

/* ---------- selling: fees, the sellers' ledger, payout accounts and payouts (issue 12) ---------- */

export const LEDGER_KINDS = [
  'sale_credit',
  'platform_fee',
  'refund_reversal',
  'payout',
  'payout_reversal',
  // Gives back the part of a payout cut at approval because a sale in it was refunded meanwhile.
  'payout_adjustment',
  // Tax withheld from a sale for its seller (decision 0150), and its return when the sale is refunded.
  'vat_withheld',
  'pit_withheld',
  'vat_reversal',
  'pit_reversal',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** `sending`: handed to payOS's payout channel, its result awaited (decision 0154). */
export const PAYOUT_STATES = ['requested', 'sending', 'paid', 'failed'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/**
 * One row per paid order, written when it becomes paid: the price, the fee in force then and the
 * seller's share (fee + share = price), so a later change of PLATFORM_FEE_PERCENT rewrites nothing.
 * Append-only (a trigger refuses changes); docs/decisions/0060-platform-fee-and-ledger.md.
 */
export const sales = pgTable(
  'sales',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'restrict' }),
    price: bigint('price', { mode: 'number' }).notNull(),
    /** The fee in force, in hundredths of a percent (10 % = 1000). */
    feeBasisPoints: integer('fee_basis_points').notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    sellerShare: bigint('seller_share', { mode: 'number' }).notNull(),
    /**
     * Tax withheld (decision 0150): the seller's tax kind and the rates in force at payment, and the
     * VAT and PIT kept from the share; the seller is paid share − VAT − PIT. Zero for companies and
     * for sales made before withholding began.
     */
    taxKind: text('tax_kind').$type<SellerTaxKind>().notNull().default('individual'),
    vatBasisPoints: integer('vat_basis_points').notNull().default(0),
    pitBasisPoints: integer('pit_basis_points').notNull().default(0),
    vat: bigint('vat', { mode: 'number' }).notNull().default(0),
    pit: bigint('pit', { mode: 'number' }).notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** When the refund window closes and the share becomes available for payout. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sales_seller_paid_idx').on(table.sellerId, table.paidAt)],
);

/**
 * A bank account number at rest (decision 0154): sealed (AES-256-GCM under the server's secret) with
 * its masked form beside it. `account_number` is the clear column of rows written before sealing; the
 * sales module seals those at start and empties it, so it is null on every row after that.
 */
const sealedAccountNumber = () => ({
  accountNumber: text('account_number'),
  accountNumberSealed: text('account_number_sealed'),
  accountNumberMasked: text('account_number_masked').notNull().default(''),
});

/** Where a seller is paid: one Vietnamese bank account (NAPAS/VietQR bank list in packages/domain). */
export const payoutAccounts = pgTable('payout_accounts', {
  sellerId: text('seller_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  bankCode: text('bank_code').notNull(),
  ...sealedAccountNumber(),
  holderName: text('holder_name').notNull(),
  updatedAt: updatedAt(),
  /** A new or changed account blocks payouts until then (e-mailed to the seller). */
  payoutsBlockedUntil: timestamp('payouts_blocked_until', { withTimezone: true }).notNull(),
});

/**
 * Who a seller is for the tax office (decision 0150). The tax code or national ID is stored sealed
 * (AES-256-GCM under the server's secret) with its masked form beside it, so pages never need to open it.
 */
export const sellerTaxProfiles = pgTable('seller_tax_profiles', {
  sellerId: text('seller_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<SellerTaxKind>().notNull(),
  legalName: text('legal_name').notNull(),
  taxIdType: text('tax_id_type').$type<'tax_code' | 'national_id'>().notNull(),
  taxIdSealed: text('tax_id_sealed').notNull(),
  taxIdMasked: text('tax_id_masked').notNull(),
  address: text('address').notNull(),
  updatedAt: updatedAt(),
});

/** A seller's request to be paid; the bank details are copied in, so a later account change cannot redirect it. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What was requested, when a refund since cut `amount` at approval (migration 0036); else null. */
    requestedAmount: bigint('requested_amount', { mode: 'number' }),
    bankCode: text('bank_code').notNull(),
    bankBin: text('bank_bin').notNull(),
    ...sealedAccountNumber(),
    holderName: text('holder_name').notNull(),
    state: text('state').$type<PayoutState>().notNull().default('requested'),
    transferRef: text('transfer_ref'),
    failureReason: text('failure_reason'),
    /** Who marked it paid or failed, or approved sending it through payOS. */
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    /** payOS's payout ID, once payOS accepted it (decision 0154). */
    payosRef: text('payos_ref'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    // A seller has at most one payout in progress (requested, or being sent through payOS).
    uniqueIndex('payouts_one_in_progress_uq')
      .on(table.sellerId)
      .where(sql`state in ('requested', 'sending')`),
    index('payouts_state_created_idx').on(table.state, table.createdAt),
    index('payouts_seller_idx').on(table.sellerId, table.createdAt),
  ],
);

/**
 * The sellers' money, append-only (a trigger refuses UPDATE and DELETE). Amounts are signed, seen
 * from the seller: a sale credit is +price, its fee −fee, a refund −share, a payout −amount and a
 * failed payout's reversal +amount. Balances are sums of these rows, split by `available_at`.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<LedgerKind>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'restrict' }),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // A replayed callback or a repeated admin action cannot add an entry twice.
    uniqueIndex('ledger_entries_order_kind_uq').on(table.orderId, table.kind),
    uniqueIndex('ledger_entries_payout_kind_uq').on(table.payoutId, table.kind),
    index('ledger_entries_seller_idx').on(table.sellerId, table.availableAt),
  ],
);

/** One row per visitor, workflow and day, like workflow_views; `version` is what was downloaded first that day. */
export const workflowDownloads = pgTable(
  'workflow_downloads',
  {
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day').notNull(),
    version: text('version'),
  },
  (table) => [primaryKey({ columns: [table.workflowId, table.visitor, table.day] })],
);

/**
 * Every time a signed-in user took a workflow's file, with the time and the way (decision 0158): the
 * evidence a refund decision weighs. Not de-duplicated, unlike workflow_downloads. A copy of the
 * preview's JSON is a way ('copy'); the page's preview itself is none (decision 0167).
 */
export const downloadEvents = pgTable(
  'download_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DownloadEventKind>().notNull(),
    version: text('version'),
    createdAt: createdAt(),
  },
  (table) => [index('download_events_user_workflow_idx').on(table.userId, table.workflowId, table.createdAt)],
);

/** A rating of 1-5 stars by someone who bought or downloaded the workflow; one per user and workflow. */
export const workflowReviews = pgTable(
  'workflow_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull().default(''),
    /** The version the reviewer had when writing (last downloaded, else the listed one). */
    version: text('version'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Hidden by an administrator: not shown and not counted. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: text('hidden_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('workflow_reviews_user_uq').on(table.workflowId, table.userId),
    index('workflow_reviews_workflow_idx').on(table.workflowId, table.createdAt),
    index('workflow_reviews_user_idx').on(table.userId),
    check('workflow_reviews_rating_range', sql`rating between 1 and 5`),
  ],
);

export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => workflowReviews.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason').$type<StoredReviewReportReason>().notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<'open' | 'hidden' | 'dismissed'>().notNull().default('open'),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('review_reports_status_idx').on(table.status, table.createdAt),
    uniqueIndex('review_reports_open_reporter_uq')
      .on(table.reviewId, table.reporterId)
      .where(sql`status = 'open'`),
  ],
);

/**
 * "Export my data" archives (docs/decisions/0080-account-deletion-and-export.md): a zip in private
 * storage, downloadable by its owner with the e-mailed token until `expires_at`.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 of the e-mailed token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('account_exports_user_idx').on(table.userId),
    index('account_exports_expires_idx').on(table.expiresAt),
  ],
);

/* ---------- notifications and follows (decision 0161) ---------- */

export type NotificationKind = 'sale' | 'workflow_update' | 'new_listing';

/** One in-app notification; the e-mail of the same fact is queued with it. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** What it is about (`order:<id>`, `version:<id>`): one per recipient, so a replay adds nothing. */
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('notifications_user_dedupe_uq').on(table.userId, table.dedupeKey),
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`read_at is null`),
  ],
);

/** A kind the user switched on or off (no row: on). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    enabled: boolean('enabled').notNull(),
    /** Unsubscribe links issued before this no longer work (each works once). */
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ name: 'notification_preferences_pk', columns: [table.userId, table.kind] })],
);

/** A user following an author: the author's new listings reach them. */
export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'follows_pk', columns: [table.followerId, table.authorId] }),
    index('follows_author_idx').on(table.authorId),
    check('follows_not_self', sql`${table.followerId} <> ${table.authorId}`),
  ],
);

/**
 * The language model's verdict on a version's listing texts (decision 0166): the title and
 * description as they would be listed, and the version's notes. One row per version, replaced when
 * those texts change (`content_hash`); `not_checked` while the model could not answer.
 */
export const policyChecks = pgTable(
  'policy_checks',
  {
    versionId: uuid('version_id')
      .primaryKey()
      .references(() => workflowVersions.id, { onDelete: 'cascade' }),
    contentHash: text('content_hash').notNull(),
    status: text('status').$type<'ok' | 'flag' | 'not_checked'>().notNull(),
    severity: text('severity').$type<'low' | 'medium' | 'high'>(),
    reason: text('reason').notNull().default(''),
    model: text('model').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('policy_checks_status_ck', sql`status in ('ok', 'flag', 'not_checked')`),
    check(
      'policy_checks_severity_ck',
      sql`(status = 'flag' and severity in ('low', 'medium', 'high')) or (status <> 'flag' and severity is null)`,
    ),
  ],
);

/**
 * The audit trail (decision 0175): one row per administrator or money action, written in the
 * action's transaction. No foreign keys (rows outlive deleted accounts); a trigger refuses UPDATE,
 * DELETE and TRUNCATE. Amounts are đồng; account numbers and tax IDs appear masked only.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorLabel: text('actor_label').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    subjectType: text('subject_type').$type<AuditSubjectType>().notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    note: text('note'),
    requestId: text('request_id'),
    ip: text('ip'),
  },
  (table) => [
    index('audit_events_occurred_idx').on(table.occurredAt.desc(), table.id.desc()),
    index('audit_events_action_idx').on(table.action, table.occurredAt.desc()),
    index('audit_events_subject_idx').on(table.subjectType, table.subjectId),
    index('audit_events_actor_idx').on(table.actorId),
  ],
);

/**
 * Consent per purpose, append-only (docs/decisions/0174): the latest row of a user and purpose is
 * its state; no row is no consent. Each row keeps the wording's version and language it answered.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order the answers were given in, even when two share a timestamp. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'marketing' | 'workflow_update' | 'new_listing'>().notNull(),
    granted: boolean('granted').notNull(),
    textVersion: text('text_version').notNull(),
    language: text('language').$type<'en' | 'vi'>().notNull(),
    source: text('source').$type<'sign_up' | 'settings' | 'unsubscribe'>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('consents_user_purpose_idx').on(table.userId, table.purpose, table.seq)],
);

/**
 * A data subject's request (access, correction, deletion, restriction, objection) and its answer.
 * The requester's address is kept: the answer reaches them and the record outlives their account.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    requesterEmail: text('requester_email').notNull(),
    kind: text('kind').$type<'access' | 'correction' | 'deletion' | 'restriction' | 'objection'>().notNull(),
    details: text('details').notNull().default(''),
    language: text('language').$type<'en' | 'vi'>().notNull(),
    status: text('status').$type<'open' | 'done' | 'refused'>().notNull().default('open'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    answer: text('answer'),
    answeredBy: text('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('data_requests_status_due_idx').on(table.status, table.dueAt),
    index('data_requests_user_idx').on(table.userId, table.createdAt),
  ],
);

import type { SealingKeys } from '../../infra/sealed-text.ts';
import { and, asc, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { openAccountNumber, type AccountNumberColumns } from '../../infra/sealed-account-number.ts';
import {
  account,
  accountExports,
  bundles,
  contactMessages,
  discountCodes,
  downloadEvents,
  favorites,
  consents,
  dataRequests,
  follows,
  invoiceRequests,
  n8nLibraryKeys,
  ledgerEntries,
  notificationPreferences,
  notifications,
  orders,
  payoutAccounts,
  payouts,
  purchases,
  refundRequests,
  reports,
  reviewReports,
  sales,
  sellerTaxProfiles,
  session,
  uploads,
  user,
  workflowDownloads,
  workflowEdits,
  workflowReviews,
  workflowVersions,
  workflows,
} from '../../db/schema.ts';

export type ExportRow = typeof accountExports.$inferSelect;

/** One part of "everything Flowbay holds about the user": a named list of records. */
export interface ExportSection {
  name: string;
  /** `keys` open what is sealed at rest that is the user's own (their bank account number). */
  collect(db: Database, userId: string, keys: SealingKeys): Promise<unknown[]>;
}

/** A section's rows with their sealed bank account number opened, as `account_number`. */
function withAccountNumber(collect: ExportSection['collect']): ExportSection['collect'] {
  return async (db, userId, keys) => {
    const rows = (await collect(db, userId, keys)) as (Record<string, unknown> & AccountNumberColumns)[];
    return rows.map(({ accountNumber, accountNumberSealed, accountNumberMasked, ...row }) => ({
      ...row,
      account_number: openAccountNumber({ accountNumber, accountNumberSealed, accountNumberMasked }, keys),
    }));
  };
}
const accountNumberColumns = (table: typeof payoutAccounts | typeof payouts) => ({
  accountNumber: table.accountNumber,
  accountNumberSealed: table.accountNumberSealed,
  accountNumberMasked: table.accountNumberMasked,
});

/** Another table's rows that go with a section's rows; `optional` keeps a row that has none. */
interface SectionJoin {
  table: PgTable;
  on: SQL;
  optional?: boolean;
}

/**
 * The user's rows of a table, as these columns: those whose `owner` column is the user. With `join`,
 * each comes with the matching rows of another table (a workflow's versions, an order's refund
 * request); with `orderBy`, in that order.
 */
function ownedBy(
  owner: PgColumn,
  columns: SelectedFields,
  { join, orderBy = [] }: { join?: SectionJoin; orderBy?: SQL[] } = {},
): ExportSection['collect'] {
  return (db, userId) => {
    let rows = db.select(columns).from(owner.table).$dynamic();
    if (join) rows = join.optional ? rows.leftJoin(join.table, join.on) : rows.innerJoin(join.table, join.on);
    return rows.where(eq(owner, userId)).orderBy(...orderBy);
  };
}

/**
 * What an export contains (docs/decisions/0080-account-deletion-and-export.md). Secrets that are ours,
 * not the person's data (password hashes, OAuth and session tokens, n8n key hashes), are left out, and
 * so is other people's data: a seller's sales show what the sales screen shows (order code, title,
 * amounts, dates), never a buyer's name or address, and nothing of checkouts that were not paid
 * (docs/decisions/0140-exports-hold-only-the-users-data.md).
 * A feature that stores more about a person adds its section here.
 */
export const EXPORT_SECTIONS: ExportSection[] = [
  {
    name: 'sign_in_methods',
    collect: ownedBy(account.userId, {
      provider: account.providerId,
      created_at: account.createdAt,
      updated_at: account.updatedAt,
    }),
  },
  {
    name: 'sessions',
    collect: ownedBy(session.userId, {
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      ip_address: session.ipAddress,
      user_agent: session.userAgent,
    }),
  },
  {
    name: 'workflows',
    collect: ownedBy(
      workflows.userId,
      {
        id: workflows.id,
        title: workflows.title,
        description: workflows.description,
        price: workflows.price,
        status: workflows.status,
        tested_with: workflows.testedWith,
        cover_key: workflows.coverKey,
        views: workflows.views,
        favorites: workflows.favoritesCount,
        created_at: workflows.createdAt,
        deleted_at: workflows.deletedAt,
      },
      { orderBy: [asc(workflows.createdAt)] },
    ),
  },
  {
    name: 'workflow_versions',
    collect: ownedBy(
      workflows.userId,
      {
        workflow_id: workflowVersions.workflowId,
        version: workflowVersions.version,
        file_key: workflowVersions.fileKey,
        size: workflowVersions.size,
        review_status: workflowVersions.moderationStatus,
        review_reason: workflowVersions.moderationReason,
        created_at: workflowVersions.createdAt,
      },
      { join: { table: workflowVersions, on: eq(workflows.id, workflowVersions.workflowId) } },
    ),
  },
  {
    name: 'workflow_edits',
    collect: ownedBy(workflowEdits.createdBy, {
      workflow_id: workflowEdits.workflowId,
      changes: workflowEdits.changes,
      review_status: workflowEdits.moderationStatus,
      created_at: workflowEdits.createdAt,
    }),
  },
  {
    name: 'favorites',
    collect: ownedBy(favorites.userId, {
      workflow_id: favorites.workflowId,
      created_at: favorites.createdAt,
    }),
  },
  {
    // What the user bought (their own name and address as the order kept them); sales are below.
    name: 'orders',
    collect: ownedBy(
      orders.buyerId,
      {
        code: orders.code,
        workflow_title: orders.workflowTitle,
        buyer_name: orders.buyerName,
        buyer_email: orders.buyerEmail,
        seller_name: orders.sellerName,
        amount: orders.amount,
        currency: orders.currency,
        provider: orders.provider,
        state: orders.state,
        created_at: orders.createdAt,
        paid_at: orders.paidAt,
        refunded_at: orders.refundedAt,
      },
      { orderBy: [asc(orders.createdAt)] },
    ),
  },
  {
    // A seller's sales: one row per paid order, as the sales screen and its CSV show them.
    name: 'sales',
    collect: ownedBy(
      sales.sellerId,
      {
        order_code: orders.code,
        workflow_id: sales.workflowId,
        workflow_title: orders.workflowTitle,
        price: sales.price,
        fee_percent: sql<number>`${sales.feeBasisPoints} / 100.0`.mapWith(Number),
        fee: sales.fee,
        seller_share: sales.sellerShare,
        paid_at: sales.paidAt,
        available_at: sales.availableAt,
        refunded_at: orders.refundedAt,
      },
      { join: { table: orders, on: eq(orders.id, sales.orderId) }, orderBy: [asc(sales.paidAt)] },
    ),
  },
  {
    name: 'ledger_entries',
    // A payout's entries have no order.
    collect: ownedBy(
      ledgerEntries.sellerId,
      {
        kind: ledgerEntries.kind,
        amount: ledgerEntries.amount,
        order_code: orders.code,
        payout_id: ledgerEntries.payoutId,
        available_at: ledgerEntries.availableAt,
        created_at: ledgerEntries.createdAt,
      },
      {
        join: { table: orders, on: eq(orders.id, ledgerEntries.orderId), optional: true },
        orderBy: [asc(ledgerEntries.createdAt), asc(ledgerEntries.kind)],
      },
    ),
  },
  {
    // The whole account number, opened from its seal: it is the owner's own.
    name: 'payout_account',
    collect: withAccountNumber(
      ownedBy(payoutAccounts.sellerId, {
        bank_code: payoutAccounts.bankCode,
        ...accountNumberColumns(payoutAccounts),
        holder_name: payoutAccounts.holderName,
        updated_at: payoutAccounts.updatedAt,
        payouts_blocked_until: payoutAccounts.payoutsBlockedUntil,
      }),
    ),
  },
  {
    // The tax ID as the seller's tax settings show it (masked): the whole number is sealed for the
    // tax declarations and never answered.
    name: 'tax_profile',
    collect: ownedBy(sellerTaxProfiles.sellerId, {
      kind: sellerTaxProfiles.kind,
      legal_name: sellerTaxProfiles.legalName,
      tax_id_type: sellerTaxProfiles.taxIdType,
      tax_id: sellerTaxProfiles.taxIdMasked,
      address: sellerTaxProfiles.address,
      updated_at: sellerTaxProfiles.updatedAt,
    }),
  },
  {
    name: 'payouts',
    collect: withAccountNumber(
      ownedBy(payouts.sellerId, {
        id: payouts.id,
        amount: payouts.amount,
        bank_code: payouts.bankCode,
        ...accountNumberColumns(payouts),
        holder_name: payouts.holderName,
        state: payouts.state,
        transfer_ref: payouts.transferRef,
        failure_reason: payouts.failureReason,
        created_at: payouts.createdAt,
        decided_at: payouts.decidedAt,
      }),
    ),
  },
  {
    name: 'purchases',
    collect: ownedBy(purchases.userId, {
      workflow_id: purchases.workflowId,
      amount: purchases.amount,
      licence: purchases.licence,
      created_at: purchases.createdAt,
      revoked_at: purchases.revokedAt,
    }),
  },
  {
    name: 'refund_requests',
    collect: ownedBy(
      orders.buyerId,
      {
        order_code: orders.code,
        reason: refundRequests.reason,
        state: refundRequests.state,
        created_at: refundRequests.createdAt,
      },
      { join: { table: refundRequests, on: eq(orders.id, refundRequests.orderId) } },
    ),
  },
  {
    name: 'invoice_requests',
    collect: ownedBy(
      orders.buyerId,
      {
        order_code: orders.code,
        company_name: invoiceRequests.companyName,
        tax_code: invoiceRequests.taxCode,
        address: invoiceRequests.address,
        email: invoiceRequests.email,
        state: invoiceRequests.state,
        invoice_number: invoiceRequests.invoiceNumber,
        lookup_code: invoiceRequests.lookupCode,
        created_at: invoiceRequests.createdAt,
      },
      { join: { table: invoiceRequests, on: eq(orders.id, invoiceRequests.orderId) } },
    ),
  },
  {
    name: 'reports',
    collect: ownedBy(reports.reporterId, {
      workflow_id: reports.workflowId,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      created_at: reports.createdAt,
    }),
  },
  {
    name: 'reviews',
    collect: ownedBy(workflowReviews.userId, {
      id: workflowReviews.id,
      workflow_id: workflowReviews.workflowId,
      rating: workflowReviews.rating,
      body: workflowReviews.body,
      version: workflowReviews.version,
      hidden_at: workflowReviews.hiddenAt,
      created_at: workflowReviews.createdAt,
      updated_at: workflowReviews.updatedAt,
    }),
  },
  {
    // The author's answers to reviews of their workflows (the reviews themselves are their writers').
    name: 'review_answers',
    collect: (db, userId) =>
      db
        .select({
          review_id: workflowReviews.id,
          workflow_id: workflowReviews.workflowId,
          answer: workflowReviews.reply,
          answered_at: workflowReviews.repliedAt,
        })
        .from(workflowReviews)
        .innerJoin(workflows, eq(workflows.id, workflowReviews.workflowId))
        .where(and(eq(workflows.userId, userId), isNotNull(workflowReviews.reply))),
  },
  {
    name: 'review_reports',
    collect: ownedBy(reviewReports.reporterId, {
      review_id: reviewReports.reviewId,
      reason: reviewReports.reason,
      details: reviewReports.details,
      status: reviewReports.status,
      created_at: reviewReports.createdAt,
    }),
  },
  {
    // Downloads made while signed in (one row per workflow and day, as they are counted).
    name: 'downloads',
    collect: (db, userId) =>
      db
        .select({
          workflow_id: workflowDownloads.workflowId,
          day: workflowDownloads.day,
          version: workflowDownloads.version,
        })
        .from(workflowDownloads)
        .where(eq(workflowDownloads.visitor, `u:${userId}`))
        .orderBy(asc(workflowDownloads.day)),
  },
  {
    // Each file taken (download, import into n8n, send to Make or n8n, through an assistant), with its
    // time: what a refund decision weighs (docs/decisions/0158-refunds-with-the-seller-and-download-evidence.md).
    name: 'download_events',
    collect: ownedBy(
      downloadEvents.userId,
      {
        workflow_id: downloadEvents.workflowId,
        kind: downloadEvents.kind,
        version: downloadEvents.version,
        created_at: downloadEvents.createdAt,
      },
      { orderBy: [asc(downloadEvents.createdAt)] },
    ),
  },
  {
    // The seller's answers to refund requests on their sales (the buyer's reason is the buyer's).
    name: 'refund_answers',
    collect: ownedBy(
      orders.sellerId,
      {
        order_code: orders.code,
        answer: refundRequests.sellerAnswer,
        reason: refundRequests.sellerReason,
        answered_at: refundRequests.sellerAnsweredAt,
      },
      {
        join: {
          table: refundRequests,
          on: and(eq(orders.id, refundRequests.orderId), isNotNull(refundRequests.sellerAnswer))!,
        },
      },
    ),
  },
  {
    name: 'discount_codes',
    collect: ownedBy(discountCodes.sellerId, {
      code: discountCodes.code,
      kind: discountCodes.kind,
      value: discountCodes.value,
      workflow_ids: discountCodes.workflowIds,
      max_uses: discountCodes.maxUses,
      uses: discountCodes.uses,
      starts_at: discountCodes.startsAt,
      ends_at: discountCodes.endsAt,
      deactivated_at: discountCodes.deactivatedAt,
      created_at: discountCodes.createdAt,
    }),
  },
  {
    name: 'bundles',
    collect: ownedBy(bundles.sellerId, {
      id: bundles.id,
      slug: bundles.slug,
      title: bundles.title,
      description: bundles.description,
      price: bundles.price,
      status: bundles.status,
      created_at: bundles.createdAt,
      deleted_at: bundles.deletedAt,
    }),
  },
  {
    name: 'follows',
    collect: ownedBy(follows.followerId, { author_id: follows.authorId, created_at: follows.createdAt }),
  },
  {
    name: 'notifications',
    collect: ownedBy(
      notifications.userId,
      {
        kind: notifications.kind,
        payload: notifications.payload,
        read_at: notifications.readAt,
        created_at: notifications.createdAt,
      },
      { orderBy: [asc(notifications.createdAt)] },
    ),
  },
  {
    name: 'notification_settings',
    collect: ownedBy(notificationPreferences.userId, {
      kind: notificationPreferences.kind,
      enabled: notificationPreferences.enabled,
      updated_at: notificationPreferences.updatedAt,
    }),
  },
  {
    // Every answer given to each optional purpose, in order (decision 0174).
    name: 'consents',
    collect: ownedBy(
      consents.userId,
      {
        purpose: consents.purpose,
        granted: consents.granted,
        text_version: consents.textVersion,
        language: consents.language,
        source: consents.source,
        created_at: consents.createdAt,
      },
      { orderBy: [asc(consents.seq)] },
    ),
  },
  {
    name: 'data_requests',
    collect: ownedBy(
      dataRequests.userId,
      {
        kind: dataRequests.kind,
        details: dataRequests.details,
        status: dataRequests.status,
        due_at: dataRequests.dueAt,
        answer: dataRequests.answer,
        answered_at: dataRequests.answeredAt,
        created_at: dataRequests.createdAt,
      },
      { orderBy: [asc(dataRequests.createdAt)] },
    ),
  },
  {
    name: 'contact_messages',
    collect: ownedBy(contactMessages.userId, {
      full_name: contactMessages.fullName,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      created_at: contactMessages.createdAt,
    }),
  },
  {
    name: 'n8n_library_keys',
    collect: ownedBy(n8nLibraryKeys.userId, {
      prefix: n8nLibraryKeys.prefix,
      label: n8nLibraryKeys.label,
      created_at: n8nLibraryKeys.createdAt,
      revoked_at: n8nLibraryKeys.revokedAt,
    }),
  },
  {
    name: 'uploads',
    collect: ownedBy(uploads.userId, {
      key: uploads.key,
      folder: uploads.folder,
      original_name: uploads.originalName,
      content_type: uploads.contentType,
      size: uploads.size,
      created_at: uploads.createdAt,
    }),
  },
];

/** The account itself, the export's `profile`. */
const EXPORTED_PROFILE = {
  id: user.id,
  email: user.email,
  name: user.name,
  display_name: user.displayName,
  bio: user.bio,
  links: user.links,
  locale: user.locale,
  role: user.role,
  email_verified: user.emailVerified,
  avatar_key: user.avatarKey,
  created_at: user.createdAt,
};

export function createAccountExportRepository(
  db: Database,
  keys: SealingKeys,
  sections: ExportSection[] = EXPORT_SECTIONS,
) {
  return {
    /** The profile, every section, and the storage keys of the user's files; null for a deleted account. */
    async collect(userId: string) {
      const [profile] = await db
        .select(EXPORTED_PROFILE)
        .from(user)
        .where(and(eq(user.id, userId), isNull(user.deletedAt)));
      if (!profile) return null;
      const data: Record<string, unknown[]> = {};
      for (const section of sections) data[section.name] = await section.collect(db, userId, keys);
      const fileKeys = new Set<string>();
      if (profile.avatar_key) fileKeys.add(profile.avatar_key);
      for (const row of data.uploads as { key: string }[]) fileKeys.add(row.key);
      for (const row of data.workflow_versions as { file_key: string }[]) fileKeys.add(row.file_key);
      return { profile, data, fileKeys: [...fileKeys] };
    },

    async insert(row: typeof accountExports.$inferInsert): Promise<ExportRow> {
      const [inserted] = await db.insert(accountExports).values(row).returning();
      return inserted!;
    },

    async findOwn(id: string, userId: string): Promise<ExportRow | null> {
      const [row] = await db
        .select()
        .from(accountExports)
        .where(and(eq(accountExports.id, id), eq(accountExports.userId, userId)));
      return row ?? null;
    },

    /** Exports past their expiry, removed from the table; their files are the caller's to delete. */
    async takeExpired(now: Date, limit = 100): Promise<string[]> {
      const expired = await db
        .select({ id: accountExports.id, key: accountExports.fileKey })
        .from(accountExports)
        .where(lte(accountExports.expiresAt, now))
        .limit(limit);
      for (const row of expired) await db.delete(accountExports).where(eq(accountExports.id, row.id));
      return expired.map((row) => row.key);
    },
  };
}

export type AccountExportRepository = ReturnType<typeof createAccountExportRepository>;

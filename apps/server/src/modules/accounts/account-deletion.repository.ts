import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  ledgerEntries,
  payoutAccounts,
  payouts,
  account,
  accountExports,
  contactMessages,
  favorites,
  jobs,
  n8nLibraryKeys,
  orders,
  rateLimit,
  reports,
  moderationDecisions,
  reviewReports,
  session,
  uploads,
  user,
  verification,
  workflowEdits,
  workflowReviews,
  workflows,
} from '../../db/schema.ts';
import { uploadUnusedByWorkflows } from '../../db/fragments.ts';
import type { Queryable } from '../../infra/jobs/jobs.repository.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DeletionSubject {
  userId: string;
  /** The address before deletion (verification rows and the like are keyed by it). */
  email: string;
  /** The person's full and display names (sent e-mails name them, e.g. a seller on a buyer's receipt). */
  names: string[];
  now: Date;
}

/**
 * One step of deleting an account, run inside the deletion's transaction. It answers the storage keys
 * to remove once the transaction has committed (files are never removed for a rolled-back deletion).
 */
export interface DeletionStep {
  name: string;
  run(tx: Tx, subject: DeletionSubject): Promise<string[] | void>;
}

/** The address a deleted account keeps: unique, unusable (`.invalid` never resolves), and no one's. */
export const deletedEmail = () => `deleted-${randomUUID()}@deleted.invalid`;

/**
 * Everything "delete my account" does, in order (docs/decisions/0080-account-deletion-and-export.md).
 * What the law requires us to keep (orders, payments, a seller's ledger and payouts) stays, pointing at
 * the tombstoned user row, with the person's name and address removed. A feature that stores more
 * personal data adds its step here (e.g. "delete payout bank account").
 */
export const DELETION_STEPS: DeletionStep[] = [
  {
    name: 'sign out every session',
    run: async (tx, { userId }) => void (await tx.delete(session).where(eq(session.userId, userId))),
  },
  {
    name: 'remove sign-in methods (password hash, Google tokens)',
    run: async (tx, { userId }) => void (await tx.delete(account).where(eq(account.userId, userId))),
  },
  {
    name: 'remove pending e-mail links (confirmation, reset, deletion)',
    run: async (tx, { userId, email }) =>
      void (await tx
        .delete(verification)
        .where(
          or(
            eq(verification.value, userId),
            eq(verification.identifier, email),
            like(verification.identifier, `%${userId}%`),
            like(verification.value, `%${userId}%`),
          ),
        )),
  },
  {
    name: 'forget rate-limit counters keyed by the address',
    run: async (tx, { email }) =>
      void (await tx.delete(rateLimit).where(sql`position(${email.toLowerCase()} in ${rateLimit.key}) > 0`)),
  },
  {
    name: 'remove finished jobs that name the person (sent e-mails keep the address in their payload)',
    run: async (tx, { userId, email, names }) =>
      void (await tx
        .delete(jobs)
        .where(
          and(
            inArray(jobs.state, ['done', 'dead']),
            or(
              ...[userId, email, ...names].map(
                (needle) => sql`position(${needle} in ${jobs.payload}::text) > 0`,
              ),
            ),
          ),
        )),
  },
  {
    name: 'remove favourites (and their counts on workflows)',
    run: async (tx, { userId }) => {
      await tx
        .update(workflows)
        .set({ favoritesCount: sql`greatest(${workflows.favoritesCount} - 1, 0)` })
        .where(
          inArray(
            workflows.id,
            tx.select({ id: favorites.workflowId }).from(favorites).where(eq(favorites.userId, userId)),
          ),
        );
      await tx.delete(favorites).where(eq(favorites.userId, userId));
    },
  },
  {
    name: 'remove reviews (and recount their workflows’ ratings); detach review reports and hidings',
    run: async (tx, { userId }) => {
      const reviewed = tx
        .select({ id: workflowReviews.workflowId })
        .from(workflowReviews)
        .where(eq(workflowReviews.userId, userId));
      // The workflows first, in one order, as every ratings write locks them: an edit in flight waits.
      await tx
        .select({ id: workflows.id })
        .from(workflows)
        .where(inArray(workflows.id, reviewed))
        .orderBy(workflows.id)
        .for('update');
      const removed = await tx
        .delete(workflowReviews)
        .where(eq(workflowReviews.userId, userId))
        .returning({ workflowId: workflowReviews.workflowId });
      const workflowIds = [...new Set(removed.map((row) => row.workflowId))];
      if (workflowIds.length > 0) {
        await tx.execute(sql`
          update ${workflows} w set rating_count = totals.count, rating_sum = totals.sum
          from (
            select w2.id, count(r.id)::int as count, coalesce(sum(r.rating), 0)::int as sum
            from ${workflows} w2
            left join ${workflowReviews} r on r.workflow_id = w2.id and r.hidden_at is null
            where ${inArray(sql`w2.id`, workflowIds)}
            group by w2.id
          ) totals
          where w.id = totals.id`);
      }
      await tx.update(reviewReports).set({ reporterId: null }).where(eq(reviewReports.reporterId, userId));
      await tx.update(reviewReports).set({ resolvedBy: null }).where(eq(reviewReports.resolvedBy, userId));
      await tx.update(workflowReviews).set({ hiddenBy: null }).where(eq(workflowReviews.hiddenBy, userId));
    },
  },
  {
    name: 'revoke n8n library keys',
    run: async (tx, { userId }) =>
      void (await tx.delete(n8nLibraryKeys).where(eq(n8nLibraryKeys.userId, userId))),
  },
  {
    name: 'remove data exports',
    run: async (tx, { userId }) => {
      const removed = await tx
        .delete(accountExports)
        .where(eq(accountExports.userId, userId))
        .returning({ key: accountExports.fileKey });
      return removed.map((row) => row.key);
    },
  },
  {
    name: 'unlist workflows (buyers keep their downloads) and drop edits waiting for review',
    run: async (tx, { userId, now }) => {
      // Soft delete: out of the catalogue, still served to buyers (docs/decisions/0020-review-workflow.md).
      await tx
        .update(workflows)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(workflows.userId, userId), isNull(workflows.deletedAt)));
      await tx
        .delete(workflowEdits)
        .where(
          and(
            eq(workflowEdits.moderationStatus, 'pending'),
            inArray(
              workflowEdits.workflowId,
              tx.select({ id: workflows.id }).from(workflows).where(eq(workflows.userId, userId)),
            ),
          ),
        );
    },
  },
  {
    name: 'remove the payout bank account, and the holder name and account number from past payouts',
    run: async (tx, { userId }) => {
      await tx.delete(payoutAccounts).where(eq(payoutAccounts.sellerId, userId));
      // Payouts stay as accounting records (amount, bank, transfer reference), without the person.
      await tx
        .update(payouts)
        // Only the masked form (last four digits) stays with the kept payouts.
        .set({ holderName: '', accountNumber: null, accountNumberSealed: null })
        .where(eq(payouts.sellerId, userId));
    },
  },
  {
    name: 'remove the name and address from orders (the orders themselves are kept)',
    run: async (tx, { userId, now }) => {
      await tx
        .update(orders)
        .set({ buyerEmail: '', buyerName: '', updatedAt: now })
        .where(eq(orders.buyerId, userId));
      await tx.update(orders).set({ sellerName: '', updatedAt: now }).where(eq(orders.sellerId, userId));
    },
  },
  {
    name: 'remove contact messages',
    run: async (tx, { userId }) =>
      void (await tx.delete(contactMessages).where(eq(contactMessages.userId, userId))),
  },
  {
    name: 'detach reports and review decisions',
    run: async (tx, { userId }) => {
      await tx.update(reports).set({ reporterId: null }).where(eq(reports.reporterId, userId));
      await tx.update(reports).set({ resolvedBy: null }).where(eq(reports.resolvedBy, userId));
      await tx
        .update(moderationDecisions)
        .set({ moderatorId: null })
        .where(eq(moderationDecisions.moderatorId, userId));
    },
  },
  {
    name: 'remove uploads no listing uses (a sold workflow’s files stay for its buyers)',
    run: async (tx, { userId }) => {
      const removed = await tx
        .delete(uploads)
        .where(and(eq(uploads.userId, userId), ...uploadUnusedByWorkflows))
        .returning({ key: uploads.key, thumbKey: uploads.thumbKey });
      return removed.flatMap((row) => (row.thumbKey ? [row.key, row.thumbKey] : [row.key]));
    },
  },
  {
    name: 'tombstone the user row (name, address, avatar, bio and links removed)',
    run: async (tx, { userId, now }) => {
      const [before] = await tx.select({ avatarKey: user.avatarKey }).from(user).where(eq(user.id, userId));
      await tx
        .update(user)
        .set({
          name: '',
          displayName: null,
          email: deletedEmail(),
          emailVerified: false,
          image: null,
          avatarKey: null,
          bio: null,
          links: [],
          role: 'user',
          deletedAt: now,
          updatedAt: now,
        })
        .where(eq(user.id, userId));
      return before?.avatarKey ? [before.avatarKey] : [];
    },
  },
];

const deletionIdentifier = (userId: string) => `delete-account:${userId}`;

export function createAccountDeletionRepository(db: Database, steps: DeletionStep[] = DELETION_STEPS) {
  return {
    /**
     * What Flowbay still owes the person as a seller: ledger entries not yet paid out (pending or
     * available) plus payouts requested and not yet paid. An account owed money is not deleted.
     */
    async owedTo(userId: string): Promise<number> {
      const [ledger] = await db
        .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.sellerId, userId));
      const [requested] = await db
        .select({ sum: sql<string>`coalesce(sum(${payouts.amount}), 0)` })
        .from(payouts)
        .where(and(eq(payouts.sellerId, userId), inArray(payouts.state, ['requested', 'sending'])));
      return Number(ledger?.sum ?? 0) + Number(requested?.sum ?? 0);
    },

    /** Keeps the hash of an e-mailed deletion link (one live link per account: a new one replaces it). */
    async saveLinkToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(verification).where(eq(verification.identifier, deletionIdentifier(userId)));
        await tx.insert(verification).values({
          id: randomUUID(),
          identifier: deletionIdentifier(userId),
          value: tokenHash,
          expiresAt,
        });
      });
    },

    /** Whether the link token is the account's live one; it then works no more. */
    async consumeLinkToken(userId: string, tokenHash: string, now: Date): Promise<boolean> {
      const removed = await db
        .delete(verification)
        .where(
          and(
            eq(verification.identifier, deletionIdentifier(userId)),
            eq(verification.value, tokenHash),
            gt(verification.expiresAt, now),
          ),
        )
        .returning({ id: verification.id });
      return removed.length > 0;
    },

    /**
     * Runs every step in one transaction (a failure leaves the account as it was), then `stated` with
     * that transaction (the deletion's event), and answers the storage keys to remove afterwards. Null
     * when there is no such live account.
     */
    async deleteAccount(
      userId: string,
      now: Date,
      stated?: (tx: Queryable) => Promise<unknown>,
    ): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const [subject] = await tx
          .select({ email: user.email, name: user.name, displayName: user.displayName })
          .from(user)
          .where(and(eq(user.id, userId), isNull(user.deletedAt)))
          .for('update');
        if (!subject) return null;
        const keys: string[] = [];
        for (const step of steps) {
          const names = [subject.name, subject.displayName ?? ''].filter((name) => name.trim().length >= 3);
          const removed = await step.run(tx, { userId, email: subject.email, names, now });
          if (removed) keys.push(...removed);
        }
        await stated?.(tx);
        return keys;
      });
    },
  };
}

export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>;

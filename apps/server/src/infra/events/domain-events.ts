/**
 * Every domain event and what it carries (docs/decisions/0141-transactional-domain-events.md). A
 * payload is JSON (dates as ISO strings): an after-commit listener reads it back from its job row.
 */

/** What a listener needs to know about an order that was paid or refunded. */
export interface OrderFact {
  id: string;
  code: string;
  buyerId: string | null;
  buyerName: string;
  buyerEmail: string;
  buyerLanguage: 'en' | 'vi';
  workflowId: string;
  workflowTitle: string;
  sellerId: string | null;
  sellerName: string;
  amount: number;
  provider: string;
  providerRef: string | null;
}

/** Someone to write to, in their language. */
export interface Recipient {
  email: string;
  language: 'en' | 'vi';
}

/** A decided payout: how much went (or did not go) to which account, and whom to tell. */
export interface PayoutFact {
  payoutId: string;
  seller: Recipient | null;
  amount: number;
  bankCode: string;
  accountNumber: string;
}

export interface DomainEvents {
  /** The buyer asked for a VAT invoice while placing the order (still unpaid). */
  'order.invoiceRequested': {
    orderId: string;
    request: { companyName: string; taxCode: string; address: string; email: string };
  };
  /** A verified payment bought the order's workflow: the order is paid and the buyer entitled. */
  'order.paid': { order: OrderFact; paidAt: string };
  /** An admin refunded a paid order: its entitlement is revoked. */
  'order.refunded': { order: OrderFact; refundedAt: string; reason: string; seller: Recipient | null };
  /** An admin marked a payout transferred. */
  'payout.paid': PayoutFact & { transferRef: string };
  /** An admin marked a payout failed (the money is back in the seller's balance). */
  'payout.failed': PayoutFact & { reason: string };
  /** What a workflow's card, page or search text shows may have changed (not an approval). */
  'workflow.changed': { workflowId: string };
  /** An admin approved what waited on a workflow; it is listed with it. */
  'version.approved': { workflowId: string; versionId: string | null; isUpdate: boolean };
  /** An admin rejected what waited on a workflow, or took a listed one down. */
  'workflow.rejected': {
    workflowId: string;
    decision: 'rejected' | 'unlisted';
    isUpdate: boolean;
    reason: string | null;
  };
  /** A buyer's review was written, edited, deleted or hidden: the workflow's counts moved. */
  'review.written': { reviewId: string; workflowId: string; change: 'created' | 'edited' | 'removed' };
  /** The user favourited a workflow, or took the favourite back. */
  'favorite.changed': { userId: string; workflowId: string; favorited: boolean };
  /** What others see of a user changed (name, avatar, role). */
  'profile.changed': { userId: string };
  /** A user deleted their account; `email` is where the goodbye goes. */
  'account.deleted': { userId: string; farewell: Recipient };
}

export type DomainEvent = keyof DomainEvents;

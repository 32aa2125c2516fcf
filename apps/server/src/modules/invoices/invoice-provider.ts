import type { InvoiceProviderId } from '@flowbay/domain';

/** What an e-invoice provider needs to issue one VAT invoice (hóa đơn GTGT) for a paid order. */
export interface InvoiceToIssue {
  orderCode: string;
  /** What the buyer paid, whole đồng, VAT included. */
  amount: number;
  itemName: string;
  buyer: { companyName: string; taxCode: string; address: string; email: string };
  issuedAt: Date;
  /** The provider's reference from an earlier attempt (a creation still being processed), if any. */
  providerRef: string | null;
}

/** An attempt's answer: issued (number and lookup code), or still being processed under `providerRef`. */
export type IssueOutcome =
  | { kind: 'issued'; invoiceNumber: string; lookupCode: string; providerRef: string }
  | { kind: 'processing'; providerRef: string };

/**
 * A provider refused or failed. `providerRef` is the creation the provider already accepted (kept, so
 * the next attempt asks about it rather than creating a second invoice); `forgetRef` says that
 * creation is dead (the provider reported it failed), so the next attempt creates the invoice again.
 */
export class InvoiceProviderError extends Error {
  readonly forgetRef: boolean;
  readonly providerRef: string | null;

  constructor(message: string, options: { forgetRef?: boolean; providerRef?: string | null } = {}) {
    super(message);
    this.name = 'InvoiceProviderError';
    this.forgetRef = options.forgetRef ?? false;
    this.providerRef = options.providerRef ?? null;
  }
}

/**
 * Who issues the invoices. `manual`: nobody here; paid requests wait in the admins' queue and an
 * admin enters the number and lookup code from the e-invoice software. An automatic provider issues
 * through its API from a job with retries (decision 0151).
 */
export type InvoiceProvider =
  | { id: 'manual'; automatic: false }
  | {
      id: Exclude<InvoiceProviderId, 'manual'>;
      automatic: true;
      issue(input: InvoiceToIssue): Promise<IssueOutcome>;
    };

import { APIError, type Payout as PayosPayout } from '@payos/node';
import { createPayosClient, type PayosClientConfig } from './payos-client.ts';

/** payOS's payout channel (chi hộ): its own client ID, API key and checksum key (decision 0154). */
export type PayosPayoutsConfig = PayosClientConfig;

/** What Flowbay hands payOS for one payout: the whole account number, opened only for this. */
export interface PayoutTransfer {
  id: string;
  amount: number;
  bankBin: string;
  accountNumber: string;
}

/** Where payOS is with a payout: still moving, paid (with the bank's reference) or failed (with why). */
export type PayoutOutcome =
  { state: 'pending' } | { state: 'paid'; reference: string } | { state: 'failed'; reason: string };

/** payOS took the payout (its payout ID), or refused it outright, so no money can have moved. */
export type SendResult = { accepted: true; payosId: string } | { accepted: false; reason: string };

export interface PayoutChannel {
  /**
   * Sends one payout; the same payout sent again is the same payOS payout. Throws when the answer is
   * unknown (network, payOS down, an answer whose signature does not match): then it is sent again later.
   */
  send(transfer: PayoutTransfer): Promise<SendResult>;
  /** Asks payOS about a payout it accepted. */
  outcome(payosId: string): Promise<PayoutOutcome>;
}

/**
 * The idempotency key of a payout: derived from its ID, so a retry after a lost answer (or a second
 * admin's click) is recognized by payOS as the same payout and never pays twice.
 */
export const payoutIdempotencyKey = (payoutId: string) => `flowbay-payout-${payoutId}`;

/** The transfer content the seller's bank shows (the CSV batch uses the same). */
export const payoutDescription = (payoutId: string) => `FLOWBAY PAYOUT ${payoutId.slice(0, 8).toUpperCase()}`;

/** An answer that says payOS did not take the request (not a lost answer, not payOS failing). */
const isRefusal = (error: unknown): error is APIError =>
  error instanceof APIError &&
  typeof error.status === 'number' &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

const FAILED_TRANSACTION = new Set(['CANCELLED', 'REVERSED', 'FAILED']);
const FAILED_APPROVAL = new Set(['REJECTED', 'CANCELLED', 'FAILED']);

/** A payOS payout (one transaction per Flowbay payout) read as an outcome. */
export function outcomeOf(payout: PayosPayout): PayoutOutcome {
  const transaction = payout.transactions[0];
  if (transaction?.state === 'SUCCEEDED') {
    return { state: 'paid', reference: transaction.reference ?? transaction.id };
  }
  if (transaction && FAILED_TRANSACTION.has(transaction.state)) {
    return { state: 'failed', reason: transaction.errorMessage ?? `payOS: ${transaction.state}` };
  }
  if (FAILED_APPROVAL.has(payout.approvalState)) {
    return { state: 'failed', reason: transaction?.errorMessage ?? `payOS: ${payout.approvalState}` };
  }
  return { state: 'pending' };
}

/**
 * The payout channel through the official SDK, which signs each request (`x-signature`), sends the
 * idempotency key (`x-idempotency-key`) and checks the signature of payOS's answers.
 */
export function createPayosPayouts(config: PayosPayoutsConfig): PayoutChannel {
  const client = createPayosClient(config);
  return {
    async send(transfer) {
      try {
        const payout = await client.payouts.create(
          {
            referenceId: transfer.id,
            amount: transfer.amount,
            description: payoutDescription(transfer.id),
            toBin: transfer.bankBin,
            toAccountNumber: transfer.accountNumber,
            category: ['payout'],
          },
          payoutIdempotencyKey(transfer.id),
        );
        return { accepted: true, payosId: payout.id };
      } catch (error) {
        if (isRefusal(error)) {
          const desc = (error.error as { desc?: unknown } | undefined)?.desc;
          return { accepted: false, reason: `payOS: ${typeof desc === 'string' ? desc : error.message}` };
        }
        throw error;
      }
    },
    async outcome(payosId) {
      return outcomeOf(await client.payouts.get(payosId));
    },
  };
}

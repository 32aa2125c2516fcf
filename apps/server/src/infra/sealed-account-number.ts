import { maskAccountNumber } from '@flowbay/domain';
import { sealText, unsealText } from './sealed-text.ts';

const PURPOSE = 'bank-account-number';

/** The columns a bank account number is kept in (schema.ts `sealedAccountNumber`). */
export interface AccountNumberColumns {
  /** The clear number of a row written before sealing (null once sealed). */
  accountNumber: string | null;
  accountNumberSealed: string | null;
  accountNumberMasked: string;
}

/** A bank account number as stored: sealed under the server's secret, its masked form beside it. */
export function sealAccountNumber(accountNumber: string, secret: string): AccountNumberColumns {
  return {
    accountNumber: null,
    accountNumberSealed: sealText(accountNumber, secret, PURPOSE),
    accountNumberMasked: maskAccountNumber(accountNumber),
  };
}

/**
 * The whole number, for the few who need it (the owner's export, the admins' bank batch, payOS):
 * opened from the seal; a row not yet sealed has it in clear; a deleted account's past payouts keep
 * only the masked form.
 */
export function openAccountNumber(row: AccountNumberColumns, secret: string): string {
  if (row.accountNumberSealed) return unsealText(row.accountNumberSealed, secret, PURPOSE);
  return row.accountNumber ?? row.accountNumberMasked;
}

/** The masked form (a row not yet sealed is masked from its clear number). */
export function maskedAccountNumber(row: AccountNumberColumns): string {
  return row.accountNumberMasked || maskAccountNumber(row.accountNumber ?? '');
}

import { maskAccountNumber } from '@flowbay/domain';
import { openSealed, sealText, type SealingKeys } from './sealed-text.ts';

const PURPOSE = 'bank-account-number';

/** The columns a bank account number is kept in (schema.ts `sealedAccountNumber`). */
export interface AccountNumberColumns {
  /** The clear number of a row written before sealing (null once sealed). */
  accountNumber: string | null;
  accountNumberSealed: string | null;
  accountNumberMasked: string;
}

/** A bank account number as stored: sealed under the current sealing key, its masked form beside it. */
export function sealAccountNumber(accountNumber: string, keys: SealingKeys): AccountNumberColumns {
  return {
    accountNumber: null,
    accountNumberSealed: sealText(accountNumber, keys.current, PURPOSE),
    accountNumberMasked: maskAccountNumber(accountNumber),
  };
}

/**
 * The whole number, for the few who need it (the owner's export, the admins' bank batch, payOS):
 * opened from the seal; a row not yet sealed has it in clear; a deleted account's past payouts keep
 * only the masked form.
 */
export function openAccountNumber(row: AccountNumberColumns, keys: SealingKeys): string {
  if (row.accountNumberSealed) return openSealed(row.accountNumberSealed, keys, PURPOSE).text;
  return row.accountNumber ?? row.accountNumberMasked;
}

/** The masked form (a row not yet sealed is masked from its clear number). */
export function maskedAccountNumber(row: AccountNumberColumns): string {
  return row.accountNumberMasked || maskAccountNumber(row.accountNumber ?? '');
}

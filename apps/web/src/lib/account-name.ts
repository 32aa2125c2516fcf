import type { TFunction } from 'i18next';

/**
 * A buyer or seller as other people see them on orders, refunds and invoices: their name (with their
 * address where one is given), or "deleted account" once the account was deleted (its orders keep
 * neither the name nor the address).
 */
export function accountName(t: TFunction<'translation'>, name: string, email?: string): string {
  const shownName = name.trim();
  const shownEmail = email?.trim() ?? '';
  if (!shownName && !shownEmail) return t('orders.deletedAccount');
  if (email === undefined || !shownEmail) return shownName;
  if (!shownName) return shownEmail;
  return t('adminOrders.buyerLine', { name: shownName, email: shownEmail });
}

export type PageSlot = number | 'gap-start' | 'gap-end';

/**
 * Zero-based pages to show: all of them when there are 7 or fewer, otherwise the first, the
 * last, the current one and 2 neighbours on each side, with a gap marker where pages are skipped.
 */
export function paginationWindow(current: number, total: number): PageSlot[] {
  if (total <= 7) return Array.from({ length: total }, (_, index) => index);
  const slots: PageSlot[] = [0];
  const from = Math.max(1, current - 2);
  const to = Math.min(total - 2, current + 2);
  if (from > 1) slots.push('gap-start');
  for (let page = from; page <= to; page++) slots.push(page);
  if (to < total - 2) slots.push('gap-end');
  slots.push(total - 1);
  return slots;
}

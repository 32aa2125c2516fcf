import type { i18n as I18n } from 'i18next';
import { formatNumber } from '@/lib/format';

/**
 * Plural categories of the two UI languages, as Intl.PluralRules gives them for counts: English
 * says "1 view" and "2 views", Vietnamese has one form ("1 lượt xem", "2 lượt xem").
 */
const CARDINAL_RULES: Record<
  string,
  { categories: Intl.LDMLPluralRule[]; select: (count: number) => Intl.LDMLPluralRule }
> = {
  en: { categories: ['one', 'other'], select: (count) => (count === 1 ? 'one' : 'other') },
  vi: { categories: ['other'], select: () => 'other' },
};

interface PluralRule {
  select(count: number): string;
  resolvedOptions(): { pluralCategories: string[] };
}
interface PluralResolver {
  getRule(code: string, options?: { ordinal?: boolean }): PluralRule | undefined;
}

/**
 * Lets an i18next instance write `{{count, number}}` and choose plural forms without the Intl API
 * (i18next builds an Intl.NumberFormat for every count it writes, and an Intl.PluralRules per
 * language): the first Intl object a page builds loads the browser's locale data, a long task in the
 * middle of hydration (see @flowbay/domain/locale-format). Numbers are grouped like prices.
 * Call it right after `init()`, before the first translation.
 */
export function withLocalRules(instance: I18n): void {
  instance.services.formatter?.add('number', (value: unknown, language: string | undefined) =>
    typeof value === 'number' ? formatNumber(value, language ?? 'en') : String(value),
  );
  const resolver = instance.services.pluralResolver as PluralResolver;
  const intlRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options = {}) => {
    const rule = options.ordinal ? undefined : CARDINAL_RULES[code];
    if (!rule) return intlRule(code, options);
    return { select: rule.select, resolvedOptions: () => ({ pluralCategories: [...rule.categories] }) };
  };
}

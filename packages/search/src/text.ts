import { stripAccents } from '@flowbay/domain';

/** Words as the search index stores them: lower case, accent-free (đ → d), [a-z0-9] only. */
export function words(text: string): string[] {
  return stripAccents(text)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && word.length <= 40);
}

/**
 * Words that carry no meaning on their own: a query keeps them only when it has nothing else, so
 * "invoices to google sheets" does not require the word "to". Vietnamese syllables are kept unless
 * they are pure function words (after accents are stripped, many syllables collide with content words).
 */
const STOPWORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'into',
  'is',
  'of',
  'on',
  'or',
  'the',
  'to',
  'via',
  'with',
  'your',
  'va',
  'cac',
  'nhung',
  'cua',
]);

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/**
 * Damerau-Levenshtein (optimal string alignment) distance, giving up above `max`: swapped letters
 * ("notoin" → "notion") count as one edit.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  let previous2 = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, index) => index);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, previous2[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous2, previous, current] = [previous, current, previous2];
  }
  return previous[b.length]!;
}

/** How many edits a word of this length may need to still count as a typo of a known word. */
export function typoBudget(length: number): number {
  if (length < 3) return 0;
  if (length < 7) return 1;
  return 2;
}

import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/** zxcvbn's 0–4 scale: 3 is "safely unguessable" against an online attack with throttling, and more. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Passwords Vietnamese users pick that the English and common lists miss (accents dropped, as typed).
 * zxcvbn also matches their l33t, reversed and year-suffixed forms.
 */
const VIETNAMESE_COMMON = [
  'matkhau',
  'anhyeuem',
  'emyeuanh',
  'yeuem',
  'vietnam',
  'hanoi',
  'saigon',
  'hochiminh',
  'nguyen',
  'tran',
  'xinchao',
  'flowbay',
];

const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary, vietnamese: VIETNAMESE_COMMON },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

export type PasswordWeakness = 'PASSWORD_TOO_COMMON' | 'PASSWORD_TOO_WEAK';

/**
 * Why a password is refused, or null when it is strong enough. Runs locally (no network); the person's
 * own e-mail and name count as guessable words. A password that is (nearly) a listed common password is
 * "common"; anything else under the minimum score is "weak".
 */
export function passwordWeakness(password: string, personalWords: string[] = []): PasswordWeakness | null {
  const words = personalWords.flatMap((word) => word.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  const result = estimator.check(password, [...personalWords, ...words]);
  // Mostly the person's own name or address: guessable by anyone who knows them, whatever the score.
  const personal = result.sequence
    .filter((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs')
    .reduce((length, match) => length + match.token.length, 0);
  if (result.score >= MIN_PASSWORD_SCORE && personal * 2 < password.length) return null;
  const common = result.sequence.some(
    (match) =>
      match.pattern === 'dictionary' &&
      match.dictionaryName === 'passwords-common' &&
      match.token.length >= password.length - 4,
  );
  return common ? 'PASSWORD_TOO_COMMON' : 'PASSWORD_TOO_WEAK';
}

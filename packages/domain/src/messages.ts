import type { SafetyCode, Severity } from './checks.ts';
import type { ErrorCode } from './errors.ts';
import type { ValidationKey } from './publishing.ts';
import { MESSAGES_EN } from './messages.en.ts';
import { MESSAGES_VI } from './messages.vi.ts';

type ValidationName = ValidationKey extends `validation.${infer Name}` ? Name : never;
export interface MessagesOfOneLanguage {
  errors: Record<ErrorCode, string>;
  validation: Record<ValidationName, string>;
  /**
   * Each safety finding's texts; `buyerSecretUrl` only where a finding can be about a secret link,
   * `notChecked` only for `policy` (the language model did not answer).
   */
  safety: Record<
    SafetyCode,
    { title: string; buyer: string; fix: string; buyerSecretUrl?: string; notChecked?: string }
  >;
  severities: Record<Severity, string>;
}

/**
 * The one bilingual catalogue of API errors (by code) and validation messages (by key). The server
 * answers with these in the caller's language; the web app's i18n reads its `errors.<CODE>` and
 * `validation.*` keys from here, so the two can no longer word the same error differently. Each
 * language is a module of its own: the browser downloads only the one it shows.
 */
export const API_MESSAGES = { en: MESSAGES_EN, vi: MESSAGES_VI } as const;

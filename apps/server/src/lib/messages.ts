import type { ErrorCode, Language, ValidationKey } from '@flowbay/domain';
import { API_MESSAGES } from '@flowbay/domain/messages';

const validationName = (key: ValidationKey) =>
  key.slice('validation.'.length) as keyof typeof API_MESSAGES.en.validation;

export function isValidationKey(value: unknown): value is ValidationKey {
  return (
    typeof value === 'string' &&
    value.startsWith('validation.') &&
    Object.hasOwn(API_MESSAGES.en.validation, value.slice('validation.'.length))
  );
}

export function validationMessage(key: ValidationKey, language: Language): string {
  return API_MESSAGES[language].validation[validationName(key)];
}

export function messageFor(code: ErrorCode, language: Language): string {
  return API_MESSAGES[language].errors[code];
}

/** The caller's language: `x-language` (set by the web app), else the first supported Accept-Language. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const explicit = headers['x-language'];
  if (explicit === 'vi' || explicit === 'en') return explicit;
  const accept = String(headers['accept-language'] ?? '');
  for (const part of accept.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'vi' || tag === 'en') return tag;
  }
  return 'en';
}

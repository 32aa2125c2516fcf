import {
  errorStatus,
  type CasedError,
  type ErrorCode,
  type ErrorCodeWith,
  type ErrorStatus,
  type PlainErrorCode,
} from '@flowbay/domain';

/**
 * An error the API answers with its stable code (see plugins/error-policy.ts). The code alone decides
 * the HTTP status, through the table in `packages/domain/src/errors.ts`; a code with two statuses is
 * thrown with its case (`{ code: 'PAYMENT_REQUIRED', case: 'anonymous' }`).
 */
export class AppError extends Error {
  public readonly code: ErrorCode;
  public readonly statusCode: ErrorStatus;

  constructor(
    error: PlainErrorCode | CasedError,
    message: string,
    public readonly field?: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = typeof error === 'string' ? error : error.code;
    this.statusCode = errorStatus(error);
  }
}

/**
 * 429 with the seconds until the caller may try again (sent as Retry-After): Flowbay's own limit, or
 * another service's passed on under its own code (e.g. MAKE_RATE_LIMITED).
 */
export class RateLimitedError extends AppError {
  constructor(
    public readonly retryAfter: number,
    from: { code: ErrorCodeWith<429>; details?: unknown } = { code: 'RATE_LIMITED' },
  ) {
    super(from.code, 'Too many requests', undefined, from.details);
    this.name = 'RateLimitedError';
  }
}

export const notFound = (code: ErrorCodeWith<404> = 'NOT_FOUND', message = 'Not found') =>
  new AppError(code, message);
export const unauthenticated = (message = 'You need to sign in') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const invalid = (field: string, message: string, details?: unknown) =>
  new AppError('VALIDATION_FAILED', message, field, details);

import type { ErrorCode } from '@flowbay/domain';

/** An error the API answers with its own status and stable code (see the error handler in app.ts). */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly field?: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 429 with the seconds until the caller may try again (sent as Retry-After). */
export class RateLimitedError extends AppError {
  constructor(public readonly retryAfter: number) {
    super(429, 'RATE_LIMITED', 'Too many requests');
    this.name = 'RateLimitedError';
  }
}

export const notFound = (code: ErrorCode = 'NOT_FOUND', message = 'Not found') =>
  new AppError(404, code, message);
export const unauthenticated = (message = 'You need to sign in') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, 'FORBIDDEN', message);
export const invalid = (field: string, message: string, details?: unknown) =>
  new AppError(400, 'VALIDATION_FAILED', message, field, details);

import { AsyncLocalStorage } from 'node:async_hooks';
import { isDatabaseUnavailable } from '../../db/availability.ts';

/**
 * Better Auth turns some failures into a bare 500 and keeps the cause only for its log line (a failed
 * session lookup: "Failed to get session"). Its logger notes a lost database here, per request, so the
 * caller can answer 503 DATABASE_UNAVAILABLE rather than 500.
 */
const currentRequest = new AsyncLocalStorage<{ cause?: unknown }>();

/** Called by Better Auth's logger with the arguments of an error line. */
export function noteDatabaseFailure(args: unknown[]): boolean {
  const cause = args.find(isDatabaseUnavailable);
  if (cause === undefined) return false;
  const store = currentRequest.getStore();
  if (store) store.cause = cause;
  return true;
}

/**
 * Runs `work`; when it fails (or `work` sees `failure.cause` set) after Better Auth lost the database,
 * the database error is thrown instead, for the API's error handler to answer 503.
 */
export async function withDatabaseCause<T>(work: (failure: { cause?: unknown }) => Promise<T>): Promise<T> {
  const failure: { cause?: unknown } = {};
  try {
    return await currentRequest.run(failure, () => work(failure));
  } catch (error) {
    throw failure.cause ?? error;
  }
}

import { ApiRequestError } from '@/lib/api-client';

/** What Make said, when an error came from it (shown under the translated message, in Make's words). */
export function makeSaid(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const details = error.details as { make_message?: unknown } | undefined;
  return typeof details?.make_message === 'string' ? details.make_message : null;
}

import { ApiRequestError } from '@/lib/api-client';

/** What the user's n8n said, when an error came from it (shown under the translated message). */
export function n8nSaid(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const details = error.details as { n8n_message?: unknown } | undefined;
  return typeof details?.n8n_message === 'string' ? details.n8n_message : null;
}

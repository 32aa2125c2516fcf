import { ApiRequestError } from '@/lib/api-client';

/**
 * What an outside service (the user's n8n, Make) said, when an error came from it: the server puts
 * the service's own words under `field` of the error's details, shown under the translated message.
 */
export function providerSaid(error: unknown, field: string): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const details = error.details as Record<string, unknown> | undefined;
  const said = details?.[field];
  return typeof said === 'string' ? said : null;
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineStaticQuery } from '@/lib/query';

/**
 * The operator's support address (the server's SUPPORT_EMAIL), which the privacy policy names as the
 * controller's contact: `undefined` until the server has said.
 */
export const supportAddressQueryOptions = defineStaticQuery(
  ['static-pages', 'support-address'] as const,
  (signal) => api.get('/api/contact-address', { signal }),
);

export function useSupportAddress(): string | undefined {
  return useQuery(supportAddressQueryOptions).data?.support_email;
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineStaticQuery } from '@/lib/query';

/** Where the contact form's messages go (the server's SUPPORT_EMAIL). */
export const contactChannelsQueryOptions = defineStaticQuery(['contact', 'channels'] as const, (signal) =>
  api.get('/api/contact-address', { signal }),
);

export function useContactChannels() {
  return useQuery(contactChannelsQueryOptions);
}

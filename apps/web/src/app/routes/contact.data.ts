import { contactChannelsQueryOptions } from '@/features/contact/api/get-contact-channels';
import { definePageData } from '../page-data';

export const data = definePageData({
  // The address the form sends to, in the page the server renders.
  prefetch: (queryClient) => queryClient.prefetchQuery(contactChannelsQueryOptions),
});

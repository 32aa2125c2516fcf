import { checksStatusQueryOptions } from '@/features/static-pages/api/checks-status';
import { supportAddressQueryOptions } from '@/features/static-pages/api/support-address';
import { definePageData } from '../page-data';

export const data = definePageData({
  // Whether moderation is AI-assisted decides a sentence of the page: the server's render says it too.
  // The policy names the operator's support address (SUPPORT_EMAIL) as the controller's contact.
  prefetch: (queryClient) =>
    Promise.all([
      queryClient.prefetchQuery(checksStatusQueryOptions),
      queryClient.prefetchQuery(supportAddressQueryOptions),
    ]),
});

import { checksStatusQueryOptions } from '@/features/static-pages/api/checks-status';
import { definePageData } from '../page-data';

export const data = definePageData({
  // Whether moderation is AI-assisted decides a sentence of the page: the server's render says it too.
  prefetch: (queryClient) => queryClient.prefetchQuery(checksStatusQueryOptions),
});

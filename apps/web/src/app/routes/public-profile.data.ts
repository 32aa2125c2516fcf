import { pageFromSearchParams } from '@flowbay/domain/routes';
import { profileQueryOptions } from '@/features/profiles/api/get-profile';
import { workflowsQueryOptions } from '@/features/workflows/api/get-workflows';
import { definePageData } from '../page-data';

export const data = definePageData({
  prefetch: (queryClient, { url, params }) =>
    Promise.all([
      queryClient.prefetchQuery(profileQueryOptions(params.id!)),
      queryClient.prefetchQuery(
        workflowsQueryOptions({ user_id: params.id!, page: pageFromSearchParams(url.searchParams) }),
      ),
    ]),
});

import { bundleQueryOptions } from '@/features/bundles/api/get-bundles';
import { paymentProvidersQueryOptions } from '@/features/orders/api/get-payment-providers';
import { definePageData } from '../page-data';

export const data = definePageData({
  /** The bundle with its workflows' cards, and the ways to pay its Buy block names. */
  prefetch: (queryClient, { params }) =>
    Promise.all([
      queryClient.prefetchQuery(bundleQueryOptions(params.slug!)),
      queryClient.prefetchQuery(paymentProvidersQueryOptions()),
    ]),
});

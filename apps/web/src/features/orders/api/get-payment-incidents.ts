import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { definePageQuery } from '@/lib/query';
import { commerceKeys } from './query-keys';

export function paymentIncidentsQueryOptions(page: number) {
  return definePageQuery(commerceKeys.paymentIncidents(page), (signal) =>
    api.get('/api/admin/payment-incidents', { query: { page }, signal }),
  );
}

/** Payments that did not simply pay a pending order, newest first (admins). */
export function usePaymentIncidents(page: number) {
  return useQuery(paymentIncidentsQueryOptions(page));
}

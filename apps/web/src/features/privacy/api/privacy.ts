import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentBody, DataRequestAnswerBody, DataRequestInput } from '@flowbay/domain';
import { api } from '@/lib/api-client';
import { defineQuery } from '@/lib/query';
import { privacyKeys } from './query-keys';

export const consentsQueryOptions = defineQuery(privacyKeys.consents(), (signal) =>
  api.get('/api/me/consents', { signal }),
);

export function useConsents() {
  return useQuery(consentsQueryOptions);
}

/** Grants or withdraws one purpose; the page shows the state the server recorded. */
export function useSetConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentBody) => api.put('/api/me/consents', { body }),
    onSuccess: (list) => queryClient.setQueryData(privacyKeys.consents(), list),
  });
}

export const ownRequestsQueryOptions = defineQuery(privacyKeys.requests(), (signal) =>
  api.get('/api/me/privacy-requests', { signal }),
);

export function useOwnRequests() {
  return useQuery(ownRequestsQueryOptions);
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DataRequestInput) => api.post('/api/me/privacy-requests', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: privacyKeys.requests() }),
  });
}

export type QueueFilter = 'open' | 'done' | 'refused' | 'all';

export function usePrivacyQueue(status: QueueFilter) {
  return useQuery(
    defineQuery(privacyKeys.queue(status), (signal) =>
      api.get('/api/admin/privacy-requests', {
        query: status === 'all' ? {} : { status },
        signal,
      }),
    ),
  );
}

export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DataRequestAnswerBody & { id: string }) =>
      api.post('/api/admin/privacy-requests/:id/answer', { params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'privacy-requests'] }),
  });
}

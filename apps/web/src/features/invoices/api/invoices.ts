import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInvoicesQuery, InvoiceRequestInput, IssueInvoiceInput, OrderState } from '@flowbay/domain';
import { api } from '@/lib/api-client';

/** Every query of the invoices feature; mutations refresh through these. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  order: (code: string) => [...invoiceKeys.all, 'order', code] as const,
  /** Asked again whenever the order's state changes: paying it starts issuing its invoice. */
  orderIn: (code: string, state: OrderState) => [...invoiceKeys.order(code), state] as const,
  admin: (view: AdminInvoicesQuery['view']) => [...invoiceKeys.all, 'admin', view] as const,
};

export function saveInvoiceRequest(code: string, body: InvoiceRequestInput) {
  return api.put('/api/orders/:code/invoice', { params: { code }, body });
}

/**
 * The order's VAT invoice request (null when none), for its buyer, as of the order's `state` (asked
 * once the order is known; the last answer shows while a new state's is on its way).
 */
export function useOrderInvoice(code: string, state: OrderState | undefined) {
  return useQuery({
    queryKey: invoiceKeys.orderIn(code, state ?? 'pending'),
    queryFn: ({ signal }) => api.get('/api/orders/:code/invoice', { params: { code }, signal }),
    enabled: state !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useSaveInvoiceRequest(code: string, state: OrderState) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceRequestInput) => saveInvoiceRequest(code, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(invoiceKeys.orderIn(code, state), answer);
    },
  });
}

export function useAdminInvoices(view: AdminInvoicesQuery['view']) {
  return useQuery({
    queryKey: invoiceKeys.admin(view),
    queryFn: ({ signal }) => api.get('/api/admin/invoices', { query: { view }, signal }),
  });
}

export function useIssueInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, ...body }: IssueInvoiceInput & { code: string }) =>
      api.post('/api/admin/invoices/:code/issue', { params: { code }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...invoiceKeys.all, 'admin'] }),
  });
}

export function useMarkAdjusted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post('/api/admin/invoices/:code/adjusted', { params: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...invoiceKeys.all, 'admin'] }),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { ContactInput, ContactReceipt } from '@flowbay/domain/contact';
import { api } from '@/lib/api-client';

function sendContactMessage(input: ContactInput): Promise<ContactReceipt> {
  return api.post('/api/contact', { body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Queues "export my data"; the download link is e-mailed when the archive is ready. */
function requestDataExport() {
  return api.post('/api/profile/me/export');
}

export function useRequestDataExport() {
  return useMutation({ mutationFn: requestDataExport });
}

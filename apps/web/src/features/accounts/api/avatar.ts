import type { OwnProfile } from '@flowbay/domain';
import { i18n } from '@/i18n';
import { ApiRequestError, api } from '@/lib/api-client';
import { useProfileWrite } from './update-profile';

/** POST /api/profile/me/avatar: the server checks the bytes, crops it square and stores a WebP. */
async function uploadAvatar(file: File): Promise<OwnProfile> {
  const data = new FormData();
  data.append('file', file, file.name);
  const response = await fetch('/api/profile/me/avatar', {
    method: 'POST',
    credentials: 'include',
    headers: { 'x-language': i18n.language === 'vi' ? 'vi' : 'en' },
    body: data,
  }).catch((error: unknown) => {
    throw new ApiRequestError(0, 'NETWORK_ERROR', (error as Error).message);
  });
  const body = (await response.json().catch(() => null)) as
    | (OwnProfile & { error?: undefined })
    | { error?: { code?: string; message?: string; field?: string } }
    | null;
  if (!response.ok || !body || body.error) {
    const error = body?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? (response.status === 413 ? 'FILE_TOO_LARGE' : 'INTERNAL_ERROR'),
      error?.message ?? response.statusText,
      error?.field,
    );
  }
  return body as OwnProfile;
}

function removeAvatar() {
  return api.delete('/api/profile/me/avatar');
}

export const useUploadAvatar = () => useProfileWrite(uploadAvatar);
export const useRemoveAvatar = () => useProfileWrite(removeAvatar);

import type { UploadFolder, UploadResult } from '@flowbay/domain';
import { i18n } from '@/i18n';
import { ApiRequestError } from '@/lib/api-client';

export interface UploadOptions {
  folder: UploadFolder;
  /** Ask the server to store a copy with the secrets it finds removed. */
  redact?: boolean;
  /** 0–100 while the body is sent. */
  onProgress?: (percent: number) => void;
}

/**
 * POST /api/uploads as multipart. XMLHttpRequest rather than fetch, because only XHR reports
 * upload progress; errors come back as the same ApiRequestError the JSON client throws.
 */
export function uploadFile(
  file: Blob,
  fileName: string,
  { folder, redact = false, onProgress }: UploadOptions,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ folder, ...(redact ? { redact: 'true' } : {}) });
    xhr.open('POST', `/api/uploads?${query}`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('x-language', i18n.language === 'vi' ? 'vi' : 'en');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      const body = xhr.response as
        | (UploadResult & { error?: undefined })
        | { error?: { code?: string; message?: string; field?: string; details?: unknown } }
        | null;
      if (xhr.status >= 200 && xhr.status < 300 && body && !('error' in body && body.error)) {
        onProgress?.(100);
        resolve(body as UploadResult);
        return;
      }
      const error = (
        body as { error?: { code?: string; message?: string; field?: string; details?: unknown } } | null
      )?.error;
      reject(
        new ApiRequestError(
          xhr.status,
          error?.code ?? (xhr.status === 413 ? 'FILE_TOO_LARGE' : 'INTERNAL_ERROR'),
          error?.message ?? xhr.statusText,
          error?.field,
          error?.details,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'NETWORK_ERROR', 'Network error'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    const data = new FormData();
    data.append('folder', folder);
    if (redact) data.append('redact', 'true');
    data.append('file', file, fileName);
    xhr.send(data);
  });
}

import { useQuery } from '@tanstack/react-query';
import type { ScreenshotList, ScreenshotsInput } from '@flowbay/domain';
import { i18n } from '@/i18n';
import { api, ApiRequestError } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutation';
import { defineQuery } from '@/lib/query';
import { sharedKeys } from '@/lib/query-keys';

const screenshotsKey = (id: string) => [...sharedKeys.myWorkflows, 'screenshots', id] as const;
const REFRESHED = [sharedKeys.workflows, sharedKeys.myWorkflows, sharedKeys.admin];

/** The listing's screenshots as its author sees them (the list waiting for review, if any). */
export function useScreenshots(workflowId: string) {
  return useQuery(
    defineQuery(screenshotsKey(workflowId), (signal) =>
      api.get('/api/workflows/:id/screenshots', { params: { id: workflowId }, signal }),
    ),
  );
}

/**
 * POST /api/workflows/{id}/screenshots as multipart: the file, an optional caption and its translation
 * into the listing's other language.
 */
export async function postScreenshot(
  workflowId: string,
  file: File,
  caption: string,
  captionTranslation = '',
): Promise<ScreenshotList> {
  const data = new FormData();
  if (caption) data.append('caption', caption);
  if (captionTranslation) data.append('caption_translation', captionTranslation);
  data.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`/api/workflows/${encodeURIComponent(workflowId)}/screenshots`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'x-language': i18n.language === 'vi' ? 'vi' : 'en' },
      body: data,
    });
  } catch (error) {
    throw new ApiRequestError(0, 'NETWORK_ERROR', (error as Error).message);
  }
  const body = (await response.json().catch(() => null)) as
    | (ScreenshotList & { error?: undefined })
    | { error?: { code?: string; message?: string; field?: string; details?: unknown } }
    | null;
  if (!response.ok || !body || body.error) {
    const error = body?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? (response.status === 413 ? 'FILE_TOO_LARGE' : 'INTERNAL_ERROR'),
      error?.message ?? response.statusText,
      error?.field,
      error?.details,
    );
  }
  return body as ScreenshotList;
}

export function useAddScreenshot(workflowId: string) {
  return useRefreshingMutation(
    ({ file, caption = '' }: { file: File; caption?: string }) => postScreenshot(workflowId, file, caption),
    [...REFRESHED, screenshotsKey(workflowId)],
  );
}

export function useArrangeScreenshots(workflowId: string) {
  return useRefreshingMutation(
    (input: ScreenshotsInput) =>
      api.put('/api/workflows/:id/screenshots', { params: { id: workflowId }, body: input }),
    [...REFRESHED, screenshotsKey(workflowId)],
  );
}

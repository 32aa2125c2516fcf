import { api } from '@/lib/api-client';

/** The version named in a file's address (`…/versions/:versionId/download`), if any. */
function versionIdOf(fileUrl: string): string | undefined {
  return /\/versions\/([^/?]+)\/download/.exec(fileUrl)?.[1];
}

/**
 * Records a take of the file the page already holds from its preview (Copy JSON, Download JSON):
 * counted like a download, and what lets a signed-in user review a free workflow. Failures are
 * ignored; the user has their copy either way.
 */
export function recordTaken(workflowId: string, fileUrl: string, kind: 'copy' | 'file'): Promise<void> {
  return api
    .post('/api/workflows/:id/taken', {
      params: { id: workflowId },
      body: { kind, version_id: versionIdOf(fileUrl) },
    })
    .then(() => undefined)
    .catch(() => undefined);
}

import type { WorkflowDetail } from '@flowbay/domain';

/** The fields a "Send to …" button reads of a workflow's detail: in `platform`'s category, downloadable unless told. */
export function sendableWorkflow(
  id: string,
  platform: string,
  { canDownload = true }: { canDownload?: boolean } = {},
): WorkflowDetail {
  return {
    id,
    categories: [{ id: platform, name: platform, name_vi: platform }],
    access: { can_download: canDownload },
    file_url: `/api/workflows/${id}/download`,
  } as unknown as WorkflowDetail;
}

/**
 * Whom a "Send to …" button for `platform` is offered to, as [props, shown]: not when signed out, not
 * when the viewer may not download, not for a workflow of another platform; yes otherwise.
 */
export function sendOfferCases(
  id: string,
  platform: string,
  otherPlatforms: readonly string[],
): Array<[{ workflow: WorkflowDetail; signedIn: boolean }, boolean]> {
  return [
    [{ workflow: sendableWorkflow(id, platform), signedIn: false }, false],
    [{ workflow: sendableWorkflow(id, platform, { canDownload: false }), signedIn: true }, false],
    ...otherPlatforms.map((other): [{ workflow: WorkflowDetail; signedIn: boolean }, boolean] => [
      { workflow: sendableWorkflow(id, other), signedIn: true },
      false,
    ]),
    [{ workflow: sendableWorkflow(id, platform), signedIn: true }, true],
  ];
}

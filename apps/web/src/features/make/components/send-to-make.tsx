import { lazy } from 'react';
import type { WorkflowDetail } from '@flowbay/domain';
import { SendWorkflowDialog } from '@/components/send-dialog';
import { useServiceTexts } from '@/i18n/service-texts';

const SendToMakePanel = lazy(() => import('./send-to-make-panel'));

/**
 * "Send to Make" on a Make workflow the signed-in viewer may download (free, theirs or bought): the
 * dialog (loaded when opened) picks or adds a Make connection and creates the scenario there.
 */
export function SendToMake({ workflow, signedIn }: { workflow: WorkflowDetail; signedIn: boolean }) {
  return (
    <SendWorkflowDialog
      workflow={workflow}
      signedIn={signedIn}
      platform="make"
      texts={useServiceTexts('make')}
    >
      <SendToMakePanel workflowId={workflow.id} />
    </SendWorkflowDialog>
  );
}

import { lazy } from 'react';
import type { WorkflowDetail } from '@flowbay/domain';
import { SendWorkflowDialog } from '@/components/send-dialog';
import { useServiceTexts } from '@/i18n/service-texts';

const SendToN8nPanel = lazy(() => import('./send-to-n8n-panel'));

/**
 * "Send to my n8n" on an n8n workflow the signed-in viewer may download (free, theirs or bought):
 * the dialog (loaded when opened) picks or adds a connection and sends.
 */
export function SendToN8n({ workflow, signedIn }: { workflow: WorkflowDetail; signedIn: boolean }) {
  return (
    <SendWorkflowDialog
      workflow={workflow}
      signedIn={signedIn}
      platform="n8n"
      texts={useServiceTexts('connections')}
    >
      <SendToN8nPanel workflowId={workflow.id} />
    </SendWorkflowDialog>
  );
}

import { Send } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { WorkflowDetail } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

const SendToN8nPanel = lazy(() => import('./send-to-n8n-panel'));

/**
 * "Send to my n8n" on an n8n workflow the signed-in viewer may download (free, theirs or bought):
 * the dialog (loaded when opened) picks or adds a connection and sends.
 */
export function SendToN8n({ workflow, signedIn }: { workflow: WorkflowDetail; signedIn: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const isN8n = workflow.categories.some((category) => category.id === 'n8n');
  if (!signedIn || !isN8n || !workflow.access.can_download || !workflow.file_url) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Send aria-hidden="true" />
        {t('connections.send')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent
            title={t('connections.send')}
            description={t('connections.sendIntro')}
            closeLabel={t('connections.close')}
          >
            <Suspense fallback={null}>
              <SendToN8nPanel workflowId={workflow.id} />
            </Suspense>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

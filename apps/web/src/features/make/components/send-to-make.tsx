import { Send } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { WorkflowDetail } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

const SendToMakePanel = lazy(() => import('./send-to-make-panel'));

/**
 * "Send to Make" on a Make workflow the signed-in viewer may download (free, theirs or bought): the
 * dialog (loaded when opened) picks or adds a Make connection and creates the scenario there.
 */
export function SendToMake({ workflow, signedIn }: { workflow: WorkflowDetail; signedIn: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const isMake = workflow.categories.some((category) => category.id === 'make');
  if (!signedIn || !isMake || !workflow.access.can_download || !workflow.file_url) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Send aria-hidden="true" />
        {t('make.send')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent
            title={t('make.send')}
            description={t('make.sendIntro')}
            closeLabel={t('make.close')}
          >
            <Suspense fallback={null}>
              <SendToMakePanel workflowId={workflow.id} />
            </Suspense>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

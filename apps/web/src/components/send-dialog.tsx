import { Send } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import type { WorkflowDetail } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { ServiceText } from '@/i18n/service-texts';

/**
 * "Send to …" on a workflow of `platform` the signed-in viewer may download (free, theirs or bought):
 * a button and its dialog. `children` (a lazy panel) is rendered once the dialog opens, so its code
 * loads then.
 */
export function SendWorkflowDialog({
  workflow,
  signedIn,
  platform,
  texts,
  children,
}: {
  workflow: WorkflowDetail;
  signedIn: boolean;
  /** The category a workflow must be in to be sent there (`n8n`, `make`). */
  platform: string;
  texts: ServiceText;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const onPlatform = workflow.categories.some((category) => category.id === platform);
  if (!signedIn || !onPlatform || !workflow.access.can_download || !workflow.file_url) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Send aria-hidden="true" />
        {texts('send')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent title={texts('send')} description={texts('sendIntro')} closeLabel={texts('close')}>
            <Suspense fallback={null}>{children}</Suspense>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

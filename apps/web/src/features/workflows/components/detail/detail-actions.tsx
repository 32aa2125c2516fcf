import { Download, Lock } from 'lucide-react';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { WorkflowDetail } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import { ShareTrigger } from './share-trigger';

/**
 * Download (or why not), share, and the actions other features add (favourite, translate, report,
 * manage) as children. The buy block of a paid workflow sits right below.
 */
export function DetailActions({
  workflow,
  onDownload,
  children,
}: {
  workflow: WorkflowDetail;
  onDownload: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const free = workflow.price === 0;
  const canDownload = workflow.access.can_download && Boolean(workflow.file_url);
  return (
    <div className="mt-6 flex flex-wrap items-center gap-2" data-testid="detail-actions">
      {canDownload ? (
        <Button onClick={onDownload}>
          <Download aria-hidden="true" />
          {t('detail.download')}
        </Button>
      ) : (
        free && (
          <Button disabled>
            <Lock aria-hidden="true" />
            {t('detail.cannotDownload')}
          </Button>
        )
      )}
      <ShareButton workflow={workflow} />
      {children}
    </div>
  );
}

const loadShareMenu = () => import('./share-menu');
const ShareMenu = lazy(loadShareMenu);

/**
 * The share button, a plain button until first used: the menu (Radix, about 25 KB compressed with
 * its focus and scroll handling) downloads on the first hover, focus or press, not with the page,
 * and opens where the plain button stood.
 */
function ShareButton({ workflow }: { workflow: WorkflowDetail }) {
  const [used, setUsed] = useState(false);
  if (used)
    return (
      <Suspense fallback={<ShareTrigger aria-haspopup="menu" aria-expanded={false} aria-busy="true" />}>
        <ShareMenu workflow={workflow} />
      </Suspense>
    );
  const prefetch = () => void loadShareMenu();
  return (
    <ShareTrigger
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setUsed(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') setUsed(true);
      }}
    />
  );
}

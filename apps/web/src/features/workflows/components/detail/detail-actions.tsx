import { Copy, Download, Lock, MessageCircle, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkflowDetail } from '@flowbay/domain';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toaster';
import { facebookShareUrl, shareText } from '../../lib/share-text';
import { appIconSrc } from '../app-icon';

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
      <ShareMenu workflow={workflow} />
      {children}
    </div>
  );
}

function ShareMenu({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation();
  const copy = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(done);
    } catch {
      toast.error(t('detail.shareFailed'));
    }
  };
  // Read on click, not while rendering: the page renders on the server too.
  const pageUrl = () => window.location.href.split('#')[0]!;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Share2 aria-hidden="true" />
          {t('detail.share')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuItem
          onSelect={() => void copy(shareText(workflow, pageUrl()), t('detail.shareTextCopied'))}
        >
          <MessageCircle aria-hidden="true" />
          {t('detail.shareOnZalo')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => window.open(facebookShareUrl(pageUrl()), '_blank', 'noopener,noreferrer')}
        >
          <img src={appIconSrc('facebook')} alt="" width={16} height={16} />
          {t('detail.shareOnFacebook')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void copy(pageUrl(), t('detail.linkCopied'))}>
          <Copy aria-hidden="true" />
          {t('detail.copyLink')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

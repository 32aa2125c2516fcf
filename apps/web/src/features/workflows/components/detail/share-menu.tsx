import { Copy, MessageCircle } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import type { WorkflowDetail } from '@flowbay/domain';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { copyWithToast } from '@/components/copy-button';
import { facebookShareUrl, shareText } from '../../lib/share-text';
import { appIconSrc } from '../app-icon';
import { ShareTrigger } from './share-trigger';

/** The share menu, open from its first render: it mounts when the plain share button is first used. */
export default function ShareMenu({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation();
  const copy = (text: string, done: string) => copyWithToast(text, { done, failed: t('detail.shareFailed') });
  // Read on click, not while rendering: the page renders on the server too.
  const pageUrl = () => window.location.href.split('#')[0]!;
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <ShareTrigger />
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

import { Check, Copy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';

/**
 * Puts `text` on the clipboard and says so in a toast: `done` when it worked, `failed` when the
 * browser refused (no permission, no secure context). Resolves to whether it worked.
 */
export async function copyWithToast(text: string, { done, failed }: { done: string; failed: string }) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
    return true;
  } catch {
    toast.error(failed);
    return false;
  }
}

/**
 * A small button that copies `text` (see `copyWithToast`); once it has, its copy icon becomes a tick
 * and its caption `copiedCaption`. `label` names what it copies for a screen reader.
 */
export function CopyButton({
  text,
  label,
  caption,
  copiedCaption = caption,
  done,
  failed,
}: {
  text: string;
  label: string;
  caption: ReactNode;
  copiedCaption?: ReactNode;
  done: string;
  failed: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyWithToast(text, { done, failed })) setCopied(true);
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={label}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? copiedCaption : caption}
    </Button>
  );
}

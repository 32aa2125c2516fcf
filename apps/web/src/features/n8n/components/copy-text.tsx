import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';

/** A line of text to paste somewhere else (a setting, a key), with its copy button. */
export function CopyText({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(t('n8n.copied'));
    } catch {
      toast.error(t('n8n.copyFailed'));
    }
  };
  return (
    <div className="flex items-stretch gap-2">
      <code className="min-w-0 flex-1 overflow-x-auto rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-50">
        {text}
      </code>
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={label}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {t('n8n.copy')}
      </Button>
    </div>
  );
}

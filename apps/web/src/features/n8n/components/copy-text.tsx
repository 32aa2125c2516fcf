import { useTranslation } from '@/i18n/use-translation';
import { CopyButton } from '@/components/copy-button';

/** A line of text to paste somewhere else (a setting, a key), with its copy button. */
export function CopyText({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-stretch gap-2">
      <code className="min-w-0 flex-1 overflow-x-auto rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-50">
        {text}
      </code>
      <CopyButton
        text={text}
        label={label}
        caption={t('n8n.copy')}
        done={t('n8n.copied')}
        failed={t('n8n.copyFailed')}
      />
    </div>
  );
}

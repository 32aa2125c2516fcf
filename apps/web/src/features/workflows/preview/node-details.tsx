import { Pause, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { appDisplayName, type GraphNode } from '@flowbay/workflow-formats';
import { appIconSrc } from '../components/app-icon';

function SettingValue({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return <span className="break-words whitespace-pre-wrap">{value === '' ? '—' : value}</span>;
  if (value === null || typeof value !== 'object') return <span>{String(value)}</span>;
  return (
    // Focusable so a keyboard can scroll a long value.
    <pre
      tabIndex={0}
      className="max-h-48 overflow-auto rounded-md bg-slate-50 p-2 text-[11px] leading-snug whitespace-pre-wrap"
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/**
 * What one node is: its app, type, version and (for free workflows) its settings. Beside the
 * graph on wide screens, over its lower part on phones.
 */
export function NodeDetails({
  node,
  showSettings,
  onClose,
}: {
  node: GraphNode;
  showSettings: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [node.id]);
  const settings = Object.entries(node.settings ?? {});
  return (
    <aside
      className="absolute inset-x-0 bottom-0 z-20 flex max-h-[65%] flex-col border-t border-slate-200 bg-white shadow-lg sm:inset-y-0 sm:right-0 sm:left-auto sm:max-h-none sm:w-80 sm:border-t-0 sm:border-l"
      aria-label={t('preview.nodePanel')}
      data-testid="node-details"
    >
      <div className="flex items-start gap-3 border-b border-slate-200 p-4">
        <img src={appIconSrc(node.app)} alt="" width={28} height={28} className="mt-0.5 shrink-0" />
        <h3
          ref={heading}
          tabIndex={-1}
          className="min-w-0 flex-1 font-semibold break-words text-slate-900 outline-none"
        >
          {node.name}
        </h3>
        <button
          type="button"
          onClick={onClose}
          className="-m-1 cursor-pointer rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          aria-label={t('preview.close')}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto p-4 text-sm" tabIndex={0}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
          <dt className="text-slate-500">{t('preview.app')}</dt>
          <dd className="font-medium text-slate-900">{appDisplayName(node.app)}</dd>
          <dt className="text-slate-500">{t('preview.type')}</dt>
          <dd className="font-mono text-xs break-all text-slate-800">{node.type || '—'}</dd>
          {node.typeVersion !== undefined && (
            <>
              <dt className="text-slate-500">{t('preview.version')}</dt>
              <dd className="text-slate-800">{String(node.typeVersion)}</dd>
            </>
          )}
        </dl>
        {(node.paused || node.disabled) && (
          <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700">
            {node.paused && <Pause className="size-3" aria-hidden="true" />}
            {node.paused ? t('preview.paused') : t('preview.disabled')}
          </p>
        )}
        <h4 className="mt-4 mb-2 font-semibold text-slate-900">{t('preview.settings')}</h4>
        {!showSettings ? (
          <p className="text-slate-600">{t('preview.settingsPaid')}</p>
        ) : settings.length === 0 ? (
          <p className="text-slate-600">{t('preview.noSettings')}</p>
        ) : (
          <dl className="flex flex-col gap-2" data-testid="node-settings">
            {settings.map(([key, value]) => (
              <div key={key}>
                <dt className="font-mono text-xs text-slate-500">{key}</dt>
                <dd className="text-slate-800">
                  <SettingValue value={value} />
                </dd>
              </div>
            ))}
          </dl>
        )}
        <p className="mt-4 text-xs text-slate-500">{t('preview.secretsHidden')}</p>
      </div>
    </aside>
  );
}

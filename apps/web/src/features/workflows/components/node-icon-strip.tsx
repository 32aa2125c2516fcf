import { Cog, Webhook, Zap } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import type { AppUsage } from '@flowbay/domain';
import { AppIcon } from './app-icon';

const VISIBLE_ICONS = 5;
const FALLBACK_ICONS = [Webhook, Zap, Cog];

/** Third-party apps (what the template connects) before the platform's own core nodes, each in file order. */
function appsFirst(apps: AppUsage[]): AppUsage[] {
  return [...apps.filter((app) => !app.core), ...apps.filter((app) => app.core)];
}

/** Five app icons, apps before core nodes, then `+N`; without node data, up to three generic icons. */
export function NodeIconStrip({ apps }: { apps: AppUsage[] | undefined }) {
  const { t } = useTranslation();
  if (!apps || apps.length === 0) {
    return (
      <div className="flex items-center gap-1.5" aria-hidden="true">
        {FALLBACK_ICONS.map((Icon, index) => (
          <span
            key={index}
            className="inline-flex size-7 items-center justify-center rounded-lg border border-slate-200 bg-slate-50"
          >
            <Icon className="size-4 text-slate-500" />
          </span>
        ))}
      </div>
    );
  }
  const ordered = appsFirst(apps);
  const shown = ordered.slice(0, VISIBLE_ICONS);
  const hidden = ordered.length - shown.length;
  return (
    <ul className="flex items-center gap-1.5" aria-label={t('card.apps')}>
      {shown.map((app) => (
        <li key={app.key}>
          <AppIcon appKey={app.key} name={app.name} size="sm" />
        </li>
      ))}
      {hidden > 0 && (
        <li
          className="ml-0.5 text-xs font-medium text-slate-600"
          title={ordered
            .slice(VISIBLE_ICONS)
            .map((app) => app.name)
            .join(', ')}
        >
          {t('card.moreApps', { count: hidden })}
        </li>
      )}
    </ul>
  );
}

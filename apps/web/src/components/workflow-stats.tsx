import { Download, Eye, Heart } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { formatCompact, formatNumber } from '@/lib/format';

const STATS = [
  { count: 'views', icon: Eye, label: 'card.views' },
  { count: 'downloads', icon: Download, label: 'card.downloads' },
  { count: 'favorites_count', icon: Heart, label: 'card.favorites' },
] as const;

/**
 * A workflow's views, downloads and favourites: an icon and the number each, read out in words.
 * `compact` shortens large numbers (1.2K), as cards do.
 */
export function WorkflowStats({
  workflow,
  compact = false,
}: {
  workflow: Record<(typeof STATS)[number]['count'], number>;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = compact ? formatCompact : formatNumber;
  return STATS.map(({ count, icon: Icon, label }) => {
    const words = t(label, { count: workflow[count] });
    return (
      <span key={count} className="inline-flex items-center gap-1" title={words}>
        <Icon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">{words}</span>
        <span aria-hidden="true">{format(workflow[count], i18n.language)}</span>
      </span>
    );
  });
}

import { useTranslation } from '@/i18n/use-translation';
import type { RevenuePoint } from '@flowbay/domain';
import { formatPrice } from '@/lib/format';

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

/** `YYYY-MM-DD` → "2 Mar" / "2 thg 3"; `YYYY-MM` → "Mar 2026" / "thg 3, 2026" (dates of Vietnam's calendar). */
function periodLabel(period: string, language: string) {
  const daily = period.length === 10;
  const date = new Date(`${daily ? period : `${period}-01`}T00:00:00Z`);
  return new Intl.DateTimeFormat(language === 'vi' ? 'vi-VN' : 'en-GB', {
    timeZone: 'UTC',
    ...(daily ? { day: 'numeric', month: 'short' } : { month: 'short', year: 'numeric' }),
  }).format(date);
}

/**
 * A small bar chart of earnings in plain SVG (no chart library: a few hundred bytes in this page's
 * own chunk). Each bar is a list item with its own label, so the numbers are read, not only seen.
 */
export function RevenueChart({ points, title }: { points: RevenuePoint[]; title: string }) {
  const { t, i18n } = useTranslation();
  const max = Math.max(1, ...points.map((point) => point.earnings));
  const slot = WIDTH / Math.max(1, points.length);
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4">
      <figcaption className="text-sm font-medium text-slate-700">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`}
        className="mt-3 h-44 w-full"
        role="list"
        aria-label={title}
        preserveAspectRatio="none"
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-slate-300" strokeWidth={1} />
        {points.map((point, index) => {
          const height = point.earnings > 0 ? Math.max(2, (point.earnings / max) * (HEIGHT - 8)) : 0;
          const label = t('sales.chartBar', {
            period: periodLabel(point.period, i18n.language),
            count: point.sales,
            amount: formatPrice(point.earnings, i18n.language),
          });
          return (
            <g
              key={point.period}
              role="listitem"
              aria-label={label}
              data-period={point.period}
              data-value={point.earnings}
            >
              <title>{label}</title>
              <rect x={index * slot} y={0} width={slot} height={HEIGHT} fill="transparent" />
              <rect
                x={index * slot + GAP / 2}
                y={HEIGHT - height}
                width={Math.max(1, slot - GAP)}
                height={height}
                rx={2}
                className="fill-brand-600"
              />
            </g>
          );
        })}
        <text x={0} y={HEIGHT + 16} className="fill-slate-500 text-[11px]">
          {points[0] ? periodLabel(points[0].period, i18n.language) : ''}
        </text>
        <text x={WIDTH} y={HEIGHT + 16} textAnchor="end" className="fill-slate-500 text-[11px]">
          {points.at(-1) ? periodLabel(points.at(-1)!.period, i18n.language) : ''}
        </text>
      </svg>
    </figure>
  );
}

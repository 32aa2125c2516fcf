import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { RevenuePoint } from '@flowbay/domain';
import { formatCompact, formatPeriod, formatPrice } from '@/lib/format';

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

/** The first, middle and last periods: enough x-axis labels to read the dates on a phone. */
function axisPeriods(points: RevenuePoint[]): Array<{ index: number; period: string }> {
  if (points.length === 0) return [];
  const indexes = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])];
  return indexes.map((index) => ({ index, period: points[index]!.period }));
}

/**
 * A small bar chart of earnings in plain SVG (no chart library: a few hundred bytes in this page's
 * own chunk). Each bar is a list item with its own label, so the numbers are read, not only seen;
 * pointing at a bar or focusing it shows that label as a tooltip. The value axis (0, half, top) and
 * the date axis are HTML beside the drawing, so their text keeps its size when the drawing stretches
 * to the width of a phone.
 */
export function RevenueChart({ points, title }: { points: RevenuePoint[]; title: string }) {
  const { t, i18n } = useTranslation();
  const [active, setActive] = useState<number | null>(null);
  const language = i18n.language;
  const max = Math.max(1, ...points.map((point) => point.earnings));
  const slot = WIDTH / Math.max(1, points.length);
  const labelOf = (point: RevenuePoint) =>
    t('sales.chartBar', {
      period: formatPeriod(point.period, language),
      count: point.sales,
      amount: formatPrice(point.earnings, language),
    });
  const activePoint = active !== null ? points[active] : undefined;
  // The tooltip stays inside the chart: its centre is kept away from both edges.
  const tooltipLeft =
    active !== null ? Math.min(80, Math.max(20, ((active + 0.5) / points.length) * 100)) : 0;
  const ticks = [max, max / 2, 0];
  return (
    <figure className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4">
      <figcaption className="text-sm font-medium text-slate-700">{title}</figcaption>
      <div className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div
          className="flex h-44 flex-col justify-between text-right text-[11px] leading-none text-slate-500"
          data-testid="chart-value-axis"
          aria-hidden="true"
        >
          {ticks.map((tick) => (
            <span key={tick}>{formatCompact(Math.round(tick), language)}</span>
          ))}
        </div>
        <div className="relative min-w-0">
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className="h-44 w-full"
            role="list"
            aria-label={title}
            preserveAspectRatio="none"
            onMouseLeave={() => setActive(null)}
          >
            {[0, HEIGHT / 2].map((y) => (
              <line
                key={y}
                x1={0}
                x2={WIDTH}
                y1={y + 0.5}
                y2={y + 0.5}
                className="stroke-slate-100"
                strokeWidth={1}
              />
            ))}
            <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-slate-300" strokeWidth={1} />
            {points.map((point, index) => {
              const height = point.earnings > 0 ? Math.max(2, (point.earnings / max) * (HEIGHT - 8)) : 0;
              const label = labelOf(point);
              return (
                <g
                  key={point.period}
                  role="listitem"
                  aria-label={label}
                  data-period={point.period}
                  data-value={point.earnings}
                  tabIndex={0}
                  className="outline-none focus-visible:[&>rect:last-of-type]:fill-brand-800"
                  onMouseEnter={() => setActive(index)}
                  onFocus={() => setActive(index)}
                  onBlur={() => setActive(null)}
                >
                  <title>{label}</title>
                  <rect x={index * slot} y={0} width={slot} height={HEIGHT} fill="transparent" />
                  <rect
                    x={index * slot + GAP / 2}
                    y={HEIGHT - height}
                    width={Math.max(1, slot - GAP)}
                    height={height}
                    rx={2}
                    className={active === index ? 'fill-brand-800' : 'fill-brand-600'}
                  />
                </g>
              );
            })}
          </svg>
          {activePoint && (
            <div
              role="tooltip"
              className="pointer-events-none absolute top-1 max-w-[12rem] -translate-x-1/2 rounded-lg bg-slate-900 px-2 py-1 text-center text-xs text-white shadow"
              style={{ left: `${tooltipLeft}%` }}
            >
              {labelOf(activePoint)}
            </div>
          )}
        </div>
        <div />
        <div
          className="relative mt-1 h-4 text-[11px] text-slate-500"
          data-testid="chart-period-axis"
          aria-hidden="true"
        >
          {axisPeriods(points).map(({ index, period }) => {
            const first = index === 0;
            const last = index === points.length - 1;
            return (
              <span
                key={period}
                className={`absolute top-0 whitespace-nowrap ${first ? 'left-0' : last ? 'right-0' : '-translate-x-1/2'}`}
                style={first || last ? undefined : { left: `${((index + 0.5) / points.length) * 100}%` }}
              >
                {formatPeriod(period, language)}
              </span>
            );
          })}
        </div>
      </div>
    </figure>
  );
}

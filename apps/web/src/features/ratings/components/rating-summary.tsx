import type { RatingSummary as Summary } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { RatingStars } from '@/components/rating-stars';
import { formatRating } from '@/lib/format';

/** The average, the number of reviews and how many gave each number of stars. */
export function RatingSummary({ summary }: { summary: Summary }) {
  const { t, i18n } = useTranslation();
  if (summary.average === null) return <p className="text-slate-600">{t('ratings.none')}</p>;
  const widest = Math.max(...summary.distribution, 1);
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <div className="shrink-0 text-center sm:w-40" data-testid="rating-summary">
        <p className="text-4xl font-bold text-slate-900">{formatRating(summary.average, i18n.language)}</p>
        <RatingStars value={summary.average} className="mt-1" />
        <p className="sr-only">
          {t('ratings.average', { average: formatRating(summary.average, i18n.language) })}
        </p>
        <p className="mt-1 text-sm text-slate-600">{t('ratings.count', { count: summary.count })}</p>
      </div>
      <ul className="flex w-full flex-col gap-1.5" aria-label={t('ratings.distributionLabel')}>
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = summary.distribution[stars - 1] ?? 0;
          return (
            <li key={stars} className="flex items-center gap-3 text-sm">
              <span className="sr-only">
                {t('ratings.starsRow', { stars: t('ratings.starsValue', { count: stars }), count })}
              </span>
              <span aria-hidden="true" className="w-4 text-right text-slate-700">
                {stars}
              </span>
              <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                <span
                  className="block h-full rounded-full bg-amber-400"
                  style={{ width: `${(count / widest) * 100}%` }}
                />
              </span>
              <span aria-hidden="true" className="w-8 text-slate-600">
                {count}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

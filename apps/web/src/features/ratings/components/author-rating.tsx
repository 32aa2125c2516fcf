import { Star } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { useAuthorStats } from '../api/get-reviews';
import { formatRating } from '@/lib/format';

/** An author's average over every visible review of their listed workflows (profile and detail pages). */
export function AuthorRating({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const stats = useAuthorStats(userId);
  const average = stats.data?.ratingAverage;
  if (average === null || average === undefined) return null;
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-slate-700" data-testid="author-rating">
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
      {t('ratings.authorRating', {
        count: stats.data!.ratingCount,
        average: formatRating(average, i18n.language),
      })}
    </span>
  );
}

import { Star } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { cn } from '@/lib/cn';

/** Five radio buttons drawn as stars: keyboard arrows, screen readers and forms work as with any radio group. */
export function StarPicker({
  name,
  value,
  onChange,
}: {
  name: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">{t('ratings.yourRating')}</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
            />
            <span className="sr-only">{t('ratings.starsValue', { count: star })}</span>
            <Star
              aria-hidden="true"
              className={cn('size-7', star <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300')}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

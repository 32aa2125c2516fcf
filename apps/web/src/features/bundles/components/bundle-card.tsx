import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { paths, type BundleCard as BundleCardData } from '@flowbay/domain';
import { markdownToPlainText } from '@flowbay/domain/markdown';
import { Badge } from '@/components/ui/badge';
import { useTranslation } from '@/i18n/use-translation';
import { formatPrice } from '@/lib/format';

/** A bundle in the catalogue: marked "Bundle", with its number of workflows, price and savings. */
export function BundleCard({ bundle }: { bundle: BundleCardData }) {
  const { t, i18n } = useTranslation();
  return (
    <article
      data-testid="bundle-card"
      className="group relative flex h-full flex-col rounded-2xl border border-brand-200 bg-brand-50/40 p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <div className="flex items-center justify-between gap-3">
        <Badge variant="neutral">
          <Package className="mr-1 size-3.5" aria-hidden="true" />
          {t('bundles.badge')}
        </Badge>
        <span className="text-sm font-semibold text-slate-900">
          {formatPrice(bundle.price, i18n.language)}
        </span>
      </div>
      <h3 className="mt-3 line-clamp-2 text-base leading-snug font-semibold text-slate-900 group-hover:text-brand-800">
        <Link
          to={paths.bundle(bundle.slug)}
          className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
        >
          {bundle.title}
        </Link>
      </h3>
      <p className="mt-2 line-clamp-2 text-sm leading-relaxed text-slate-600">
        {markdownToPlainText(bundle.description) || t('bundles.noDescription')}
      </p>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4 text-xs text-slate-600">
        <span>{t('bundles.itemCount', { count: bundle.item_count })}</span>
        {bundle.savings > 0 && (
          <span className="font-medium text-emerald-700">
            {t('bundles.save', { amount: formatPrice(bundle.savings, i18n.language) })}
          </span>
        )}
      </div>
    </article>
  );
}

/** The bundles matching the catalogue's search, above its workflows (nothing when none match). */
export function BundleStrip({ bundles }: { bundles: BundleCardData[] }) {
  const { t } = useTranslation();
  if (bundles.length === 0) return null;
  return (
    <section aria-labelledby="bundles-heading" className="mb-8" data-testid="bundle-strip">
      <h2 id="bundles-heading" className="mb-3 text-lg font-semibold text-slate-900">
        {t('bundles.stripTitle')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {bundles.map((bundle) => (
          <BundleCard key={bundle.id} bundle={bundle} />
        ))}
      </div>
    </section>
  );
}

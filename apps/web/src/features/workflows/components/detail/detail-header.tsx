import { ArrowLeft, Calendar, Download, Eye, Heart, Star } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import type { WorkflowDetail } from '@flowbay/domain';
import type { ListingLanguage } from '@flowbay/domain/listing-language';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatRating } from '@/lib/format';
import { localizedName } from '../../api/get-taxonomy';
import { AuthorAvatar, authorName } from '../author-avatar';
import { PriceBadge } from '../price-badge';
import { LanguageTag } from '../language-tag';

export function DetailBreadcrumb({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('detail.breadcrumb')} className="text-sm">
      <ol className="flex min-w-0 items-center gap-2 text-slate-600">
        <li>
          <Link to="/workflows" className="inline-flex items-center gap-1 font-medium hover:text-brand-700">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('nav.workflows')}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li className="truncate text-slate-800" aria-current="page">
          {title}
        </li>
      </ol>
    </nav>
  );
}

/** Price, platform and use cases, the title (translated when the reader asked), author and counts. */
export function DetailHeader({
  workflow,
  title,
  titleLang,
  foreign,
}: {
  workflow: WorkflowDetail;
  title: string;
  titleLang?: string;
  /** The language of the listing's text when it is not the visitor's (it is tagged "EN" or "VI"). */
  foreign?: ListingLanguage | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const author = authorName(workflow.profiles) ?? t('common.anonymous');
  return (
    <header>
      <div className="flex flex-wrap items-center gap-2">
        <PriceBadge price={workflow.price} />
        {workflow.categories.map((category) => (
          <Badge key={category.id} variant="neutral">
            {localizedName(category, language)}
          </Badge>
        ))}
        {workflow.workflow_subcategories.map((item) => (
          <Badge key={item.subcategory_id}>{localizedName(item.subcategories, language)}</Badge>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1
          className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          lang={titleLang}
        >
          {title}
        </h1>
        {foreign && <LanguageTag language={foreign} />}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600">
        <Link
          to={`/profiles/${workflow.user_id}`}
          className="inline-flex items-center gap-2 font-medium text-slate-800 hover:text-brand-700"
        >
          <AuthorAvatar name={author} src={workflow.profiles?.avatar_url} />
          {author}
        </Link>
        <span className="inline-flex items-center gap-1.5">
          <Calendar className="size-4" aria-hidden="true" />
          <time dateTime={workflow.created_at}>{formatDate(workflow.created_at, language)}</time>
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Eye className="size-4" aria-hidden="true" />
          {t('card.views', { count: workflow.views })}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Download className="size-4" aria-hidden="true" />
          {t('card.downloads', { count: workflow.downloads })}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Heart className="size-4" aria-hidden="true" />
          {t('card.favorites', { count: workflow.favorites_count })}
        </span>
        {workflow.rating_average !== null ? (
          <a
            href="#reviews"
            className="inline-flex items-center gap-1.5 hover:text-brand-700"
            data-testid="detail-rating"
          >
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
            {t('card.rating', {
              count: workflow.rating_count,
              average: formatRating(workflow.rating_average, language),
            })}
          </a>
        ) : (
          <span className="inline-flex items-center gap-1.5">
            <Star className="size-4" aria-hidden="true" />
            {t('card.unrated')}
          </span>
        )}
      </div>
    </header>
  );
}

import { Star } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { workflowPath } from '@flowbay/domain/slug';
import type { WorkflowCard as WorkflowCardData } from '@flowbay/domain';
import { QueryView } from '@/components/query-view';
import { WorkflowStats } from '@/components/workflow-stats';
import { Badge } from '@/components/ui/badge';
import { CompatBadgeView, SetupText } from '@/components/checks/compat-badge';
import { ReleaseVerdict } from '@/components/checks/release-verdict';
import { useMyN8nRelease } from '@/lib/n8n-release';
import { Skeleton, SkeletonRow } from '@/components/ui/skeleton';
import { formatCompact, formatDate, formatRating } from '@/lib/format';
import { localizedName } from '../api/get-taxonomy';
import { AuthorAvatar, authorName } from './author-avatar';
import { markdownToPlainText } from '@flowbay/domain/markdown';
import { NodeIconStrip } from './node-icon-strip';
import { PriceBadge } from './price-badge';
import { LanguageTag, foreignLanguage } from './language-tag';

const VISIBLE_USE_CASES = 3;

export function WorkflowCard({ workflow }: { workflow: WorkflowCardData }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const useCases = workflow.workflow_subcategories;
  const author = authorName(workflow.profiles);
  const platform = workflow.categories[0];
  const { release } = useMyN8nRelease();
  // Title and description come in the visitor's language when the listing has it; else a tag says which.
  const foreign = foreignLanguage(workflow.shown_language, language);
  return (
    <article className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md">
      <div className="flex items-center justify-between gap-3">
        {platform ? <Badge variant="neutral">{localizedName(platform, language)}</Badge> : <span />}
        <div className="flex items-center gap-1.5">
          {foreign && <LanguageTag language={foreign} />}
          <PriceBadge price={workflow.price} />
        </div>
      </div>
      <h3
        lang={foreign ?? undefined}
        className="mt-3 line-clamp-2 text-base leading-snug font-semibold text-slate-900 group-hover:text-brand-800"
      >
        <Link
          to={workflowPath(workflow)}
          className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
        >
          {workflow.title}
        </Link>
      </h3>
      <p lang={foreign ?? undefined} className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">
        {markdownToPlainText(workflow.description) || t('card.noDescription')}
      </p>
      <div className="mt-4">
        <NodeIconStrip apps={workflow.node_summary?.apps} />
      </div>
      {(workflow.compat?.min || workflow.setup) && (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <CompatBadgeView compat={workflow.compat} />
          <SetupText setup={workflow.setup} />
        </div>
      )}
      <ReleaseVerdict compat={workflow.compat} release={release} className="mt-2" />
      <CardRating average={workflow.rating_average} count={workflow.rating_count} />
      <div className="mt-3 mb-4 flex flex-wrap gap-1.5">
        {useCases.slice(0, VISIBLE_USE_CASES).map((item) => (
          <Badge key={item.subcategory_id}>{localizedName(item.subcategories, language)}</Badge>
        ))}
        {useCases.length > VISIBLE_USE_CASES && (
          <Badge variant="neutral">+{useCases.length - VISIBLE_USE_CASES}</Badge>
        )}
      </div>
      <div className="mt-auto flex items-center justify-between gap-3 border-t border-slate-100 pt-4 text-xs text-slate-600">
        <div className="flex min-w-0 items-center gap-2">
          <AuthorAvatar
            name={author ?? t('common.anonymous')}
            src={workflow.profiles?.avatar_url}
            size="md"
          />
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-800">{author ?? t('common.anonymous')}</p>
            <time dateTime={workflow.created_at} className="block whitespace-nowrap">
              {formatDate(workflow.created_at, language)}
            </time>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          <WorkflowStats workflow={workflow} compact />
        </div>
      </div>
    </article>
  );
}

/** The rating line of a card: average and number of reviews, or that nobody rated it yet. */
function CardRating({ average, count }: { average: number | null; count: number }) {
  const { t, i18n } = useTranslation();
  if (average === null) {
    return <p className="mt-3 text-xs text-slate-500">{t('card.unrated')}</p>;
  }
  const label = t('card.rating', { count, average: formatRating(average, i18n.language) });
  return (
    <p className="mt-3 inline-flex items-center gap-1.5 text-xs text-slate-700" data-testid="card-rating">
      <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" className="font-semibold text-slate-900">
        {formatRating(average, i18n.language)}
      </span>
      <span aria-hidden="true">({formatCompact(count, i18n.language)})</span>
    </p>
  );
}

function WorkflowCardSkeleton() {
  return (
    <div
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="workflow-card-skeleton"
    >
      <div className="flex justify-between">
        <SkeletonRow className="gap-1.5" blocks={Array<string>(3).fill('size-7 rounded-lg')} />
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
      <Skeleton className="mt-4 h-5 w-4/5" />
      <Skeleton className="mt-3 h-3.5 w-full" />
      <Skeleton className="mt-2 h-3.5 w-full" />
      <Skeleton className="mt-2 h-3.5 w-2/3" />
      <SkeletonRow className="mt-3 gap-1.5" blocks={['h-5 w-16 rounded-full', 'h-5 w-20 rounded-full']} />
      <Skeleton className="mt-5 h-4 w-1/2" />
    </div>
  );
}

function WorkflowGrid({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <div
      aria-busy={busy || undefined}
      className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
    >
      {children}
    </div>
  );
}

/** The cards of a list of workflows; `placeholders` skeletons while the list has not arrived. */
export function WorkflowCards({
  workflows,
  placeholders = 0,
  busy = false,
}: {
  workflows?: WorkflowCardData[];
  placeholders?: number;
  busy?: boolean;
}) {
  return (
    <WorkflowGrid busy={!workflows || busy}>
      {workflows
        ? workflows.map((workflow) => <WorkflowCard key={workflow.id} workflow={workflow} />)
        : Array.from({ length: placeholders }, (_, index) => <WorkflowCardSkeleton key={index} />)}
    </WorkflowGrid>
  );
}

/**
 * The cards of a workflow list query (the home page's featured, a profile's shared): placeholders
 * while it loads, `empty` when it has none.
 */
export function WorkflowCardsView({
  query,
  placeholders,
  empty,
}: {
  query: UseQueryResult<{ workflows: WorkflowCardData[] }>;
  placeholders: number;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <QueryView
      query={query}
      failed={t('errors.loadWorkflows')}
      retry={false}
      loading={<WorkflowCards placeholders={placeholders} />}
      isEmpty={(data) => data.workflows.length === 0}
      empty={empty}
    >
      {(data) => <WorkflowCards workflows={data.workflows} />}
    </QueryView>
  );
}

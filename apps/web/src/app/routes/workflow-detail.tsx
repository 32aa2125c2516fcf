import {
  ArrowLeft,
  Calendar,
  Download,
  Eye,
  Heart,
  Lock,
  Pencil,
  PlayCircle,
  Share2,
  Star,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { downloadFileName, workflowPath } from '@flowbay/domain/slug';
import type { WorkflowDetail, WorkflowVersion } from '@flowbay/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { useAuthorStats } from '@/features/workflows/api/get-author-stats';
import { localizedName } from '@/features/workflows/api/get-taxonomy';
import { useVersions } from '@/features/workflows/api/get-versions';
import { useWorkflow } from '@/features/workflows/api/get-workflow';
import { useRecordView } from '@/features/workflows/api/record-view';
import { AuthorAvatar, authorName } from '@/features/workflows/components/author-avatar';
import { PriceBadge } from '@/features/workflows/components/price-badge';
import { downloadWorkflowFile } from '@/features/workflows/lib/download-file';
import { TranslateToggle } from '@/features/translate/components/translate-toggle';
import { FavoriteButton } from '@/features/account/components/favorite-button';
import { BuyBlock } from '@/features/commerce/components/buy-block';
import { ratingsKeys } from '@/features/ratings/api/get-reviews';
import { AuthorRating } from '@/features/ratings/components/author-rating';
import { ReportWorkflowTrigger } from '@/features/ratings/components/report-workflow-trigger';
import { BuyerFacts } from '@/features/workflows/components/buyer-facts';
import { useSession } from '@/features/auth/api/get-session';
import { ReviewNotice } from '@/components/review-notice';
import { useTranslateToggle } from '@/features/translate/use-translate-toggle';
import { WhenVisible } from '@/components/when-visible';
import { ApiRequestError } from '@/lib/api-client';
import { formatDate, formatNumber, formatPrice, formatRating } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';

const PreviewPanel = lazy(() => import('@/features/workflows/preview/preview-panel'));
const UsageGuide = lazy(() => import('@/features/workflows/components/usage-guide'));
const ReviewsSection = lazy(() =>
  import('@/features/ratings/components/reviews-section').then((module) => ({
    default: module.ReviewsSection,
  })),
);
const OpenInN8n = lazy(() => import('@/features/n8n/components/open-in-n8n'));

export function Component() {
  const { ref = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const workflow = useWorkflow(ref);
  const data = workflow.data;
  const canonical = data ? workflowPath(data) : null;
  const redirecting = canonical !== null && decodeURIComponent(location.pathname) !== canonical;

  // A bare id, number or slug is accepted once and replaced by the canonical address.
  useEffect(() => {
    if (redirecting && canonical)
      navigate({ pathname: canonical, search: location.search }, { replace: true });
  }, [redirecting, canonical, navigate, location.search]);

  useRecordView(data && !redirecting ? data.id : undefined);
  usePageMeta(data?.title ?? (workflow.isError ? t('detail.notFoundTitle') : undefined), data?.description);

  if (workflow.isError) {
    const missing = workflow.error instanceof ApiRequestError && workflow.error.status === 404;
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-2xl font-bold text-slate-900">
          {t(missing ? 'detail.notFoundTitle' : 'errors.loadWorkflow')}
        </h1>
        <p className="mt-2 text-slate-600">
          {t(missing ? 'detail.notFoundSubtitle' : 'errors.pageCrashedHint')}
        </p>
        <Button asChild className="mt-8">
          <Link to="/workflows">
            <ArrowLeft aria-hidden="true" />
            {t('detail.backToWorkflows')}
          </Link>
        </Button>
      </div>
    );
  }
  if (!data || redirecting) return <DetailSkeleton />;
  return <WorkflowDetailView workflow={data} />;
}

function WorkflowDetailView({ workflow }: { workflow: WorkflowDetail }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const translation = useTranslateToggle(workflow.title, workflow.description);
  const stats = useAuthorStats(workflow.user_id);
  const versions = useVersions(workflow.id);
  const author = authorName(workflow.profiles);
  const free = workflow.price === 0;
  const fileUrl = workflow.file_url;
  const canDownload = workflow.access.can_download && Boolean(fileUrl);
  // A paid workflow its viewer may not open yet: decide-before-buying facts and the guide come before the cover.
  const locked = !free && !canDownload;
  const { user } = useSession();
  const { hash } = useLocation();
  const queryClient = useQueryClient();

  // The review reminder links to #reviews, a section drawn only once the workflow has loaded.
  useEffect(() => {
    if (hash !== '#reviews') return;
    const frame = requestAnimationFrame(() => document.getElementById('reviews')?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  const download = async () => {
    if (!fileUrl) return toast.error(t('detail.noFile'));
    try {
      await downloadWorkflowFile(fileUrl, downloadFileName(workflow.title));
      toast.success(t('detail.downloaded'));
      // A signed-in download lets its user rate a free workflow: ask the reviews section again.
      void queryClient.invalidateQueries({ queryKey: ratingsKeys.all });
    } catch {
      toast.error(t('detail.downloadFailed'));
    }
  };
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success(t('detail.linkCopied'));
    } catch {
      toast.error(t('detail.shareFailed'));
    }
  };

  const guide = (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.usageGuide')}</CardTitle>
      </CardHeader>
      <CardContent>
        {translation.description ? (
          <div lang={translation.on ? translation.target : undefined}>
            <WhenVisible placeholder={<Skeleton className="h-24 w-full" />}>
              <Suspense fallback={<Skeleton className="h-24 w-full" />}>
                <UsageGuide markdown={translation.description} />
              </Suspense>
            </WhenVisible>
          </div>
        ) : (
          <p className="text-slate-600">{t('detail.noDescription')}</p>
        )}
      </CardContent>
    </Card>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
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
            {workflow.title}
          </li>
        </ol>
      </nav>

      <ReviewNotice
        status={workflow.status}
        pendingChanges={workflow.has_pending_changes && workflow.access.can_manage}
      />

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="min-w-0">
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
            {canDownload && (
              <Badge variant="success">
                <PlayCircle className="size-3.5" aria-hidden="true" />
                {t('detail.liveDemo')}
              </Badge>
            )}
          </div>
          <h1
            className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
            lang={translation.on ? translation.target : undefined}
          >
            {translation.title}
          </h1>
          <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600">
            <Link
              to={`/profiles/${workflow.user_id}`}
              className="inline-flex items-center gap-2 font-medium text-slate-800 hover:text-brand-700"
            >
              <AuthorAvatar name={author ?? t('common.anonymous')} src={workflow.profiles?.avatar_url} />
              {author ?? t('common.anonymous')}
            </Link>
            <span className="inline-flex items-center gap-1.5">
              <Calendar className="size-4" aria-hidden="true" />
              <time dateTime={workflow.created_at}>{formatDate(workflow.created_at, language)}</time>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Eye className="size-4" aria-hidden="true" />
              {t('card.views', { count: workflow.views, formatted: formatNumber(workflow.views, language) })}
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

          <div className="mt-6 flex flex-wrap items-center gap-2">
            {canDownload ? (
              <Button onClick={download}>
                <Download aria-hidden="true" />
                {t('detail.download')}
              </Button>
            ) : (
              free && (
                <Button disabled>
                  <Lock aria-hidden="true" />
                  {t('detail.cannotDownload')}
                </Button>
              )
            )}
            <Button variant="outline" onClick={share}>
              <Share2 aria-hidden="true" />
              {t('detail.share')}
            </Button>
            {workflow.status === 'listed' && (
              <FavoriteButton workflowId={workflow.id} signedIn={Boolean(user)} />
            )}
            {translation.visible && (
              <TranslateToggle
                on={translation.on}
                pending={translation.pending}
                target={translation.target}
                languages={translation.languages}
                onToggle={translation.toggle}
                onTargetChange={translation.setTarget}
              />
            )}
            {workflow.status === 'listed' && !workflow.access.can_manage && (
              <ReportWorkflowTrigger workflowId={workflow.id} signedIn={Boolean(user)} />
            )}
            {workflow.access.can_manage && (
              <Button asChild variant="ghost">
                <Link to={`/workflows/${workflow.slug}-${workflow.id}/edit`}>
                  <Pencil aria-hidden="true" />
                  {t('detail.manage')}
                </Link>
              </Button>
            )}
          </div>

          {!free && (
            <div className="mt-8 flex flex-col gap-6">
              <BuyBlock workflow={workflow} signedIn={Boolean(user)} />
              {workflow.buyer_summary && <BuyerFacts summary={workflow.buyer_summary} />}
              {locked && guide}
            </div>
          )}

          <section className="mt-8" aria-label={t('detail.preview')}>
            {canDownload && fileUrl ? (
              <WhenVisible placeholder={<Skeleton className="h-[548px] w-full rounded-2xl" />}>
                <Suspense fallback={<Skeleton className="h-[548px] w-full rounded-2xl" />}>
                  <PreviewPanel fileUrl={fileUrl} title={workflow.title} showSettings={free} />
                </Suspense>
              </WhenVisible>
            ) : (
              <CoverWithOverlay workflow={workflow} />
            )}
          </section>

          {!locked && <div className="mt-8">{guide}</div>}

          <div className="mt-8 scroll-mt-20" id="reviews">
            <WhenVisible placeholder={<Skeleton className="h-40 w-full rounded-2xl" />}>
              <Suspense fallback={<Skeleton className="h-40 w-full rounded-2xl" />}>
                <ReviewsSection workflowId={workflow.id} />
              </Suspense>
            </WhenVisible>
          </div>
        </div>

        <aside className="flex flex-col gap-6" aria-label={t('detail.sidebar')}>
          {workflow.node_summary?.platform === 'n8n' && workflow.status === 'listed' && (
            <WhenVisible placeholder={<Skeleton className="h-72 w-full rounded-2xl" />}>
              <Suspense fallback={<Skeleton className="h-72 w-full rounded-2xl" />}>
                <OpenInN8n number={workflow.number} paid={workflow.price > 0} />
              </Suspense>
            </WhenVisible>
          )}
          <Card>
            <CardHeader>
              <CardTitle>{t('detail.author')}</CardTitle>
            </CardHeader>
            <CardContent>
              <div className="flex items-center gap-3">
                <AuthorAvatar
                  name={author ?? t('common.anonymous')}
                  src={workflow.profiles?.avatar_url}
                  size="md"
                />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{author ?? t('common.anonymous')}</p>
                  {stats.data && (
                    <p className="text-sm text-slate-600">
                      {t('detail.authorWorkflows', { count: stats.data.workflowCount })} ·{' '}
                      {t('detail.authorFavorites', { count: stats.data.totalFavorites })}
                    </p>
                  )}
                  <AuthorRating userId={workflow.user_id} />
                </div>
              </div>
              {workflow.profiles ? (
                <Button asChild variant="outline" className="mt-4 w-full">
                  <Link to={`/profiles/${workflow.user_id}`}>{t('detail.viewProfile')}</Link>
                </Button>
              ) : (
                <Button variant="outline" className="mt-4 w-full" disabled>
                  {t('detail.viewProfile')}
                </Button>
              )}
            </CardContent>
          </Card>

          {versions.data && versions.data.length > 0 && (
            <VersionHistory workflow={workflow} versions={versions.data} />
          )}

          <Card>
            <CardHeader>
              <CardTitle>{t('detail.info')}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="divide-y divide-slate-100 text-sm">
                <div className="flex justify-between gap-4 py-2.5">
                  <dt className="text-slate-600">{t('detail.version')}</dt>
                  <dd className="font-medium text-slate-900">{workflow.version || '1.0'}</dd>
                </div>
                <div className="flex justify-between gap-4 py-2.5">
                  <dt className="text-slate-600">{t('detail.updated')}</dt>
                  <dd className="font-medium text-slate-900">{formatDate(workflow.updated_at, language)}</dd>
                </div>
                <div className="flex justify-between gap-4 py-2.5">
                  <dt className="text-slate-600">{t('detail.price')}</dt>
                  <dd className="font-medium text-slate-900">
                    {free ? t('common.free') : formatPrice(workflow.price, 'vi')}
                  </dd>
                </div>
                {workflow.node_summary && (
                  <div className="flex justify-between gap-4 py-2.5">
                    <dt className="text-slate-600">{t('detail.nodes')}</dt>
                    <dd className="font-medium text-slate-900">
                      {formatNumber(workflow.node_summary.nodeCount, language)}
                    </dd>
                  </div>
                )}
              </dl>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}

function CoverWithOverlay({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation();
  const paid = workflow.price > 0;
  return (
    <div
      className="relative overflow-hidden rounded-2xl border border-slate-200 bg-gradient-to-br from-brand-100 via-white to-violet-100"
      style={{ aspectRatio: '16 / 9' }}
    >
      {workflow.cover_image_url ? (
        <img
          src={workflow.cover_image_url}
          alt={t('detail.coverAlt', { title: workflow.title })}
          fetchPriority="high"
          className="size-full object-cover"
        />
      ) : (
        <div
          className="flex size-full items-center justify-center"
          role="img"
          aria-label={t('detail.coverPlaceholder')}
        >
          <svg viewBox="0 0 32 32" className="size-20 opacity-40" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="#4f46e5" />
            <path d="M9 10h9M9 16h14M9 22h6" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
          </svg>
        </div>
      )}
      {paid && (
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-950/60 p-6 text-center text-white"
          data-testid="purchase-overlay"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-white/15">
            <Lock className="size-6" aria-hidden="true" />
          </span>
          <p className="text-lg font-semibold">{t('detail.purchaseForDemo')}</p>
          <p className="max-w-md text-sm text-slate-200">{t('detail.thumbnailOnly')}</p>
        </div>
      )}
    </div>
  );
}

function VersionHistory({ workflow, versions }: { workflow: WorkflowDetail; versions: WorkflowVersion[] }) {
  const { t, i18n } = useTranslation();
  const downloadVersion = async (version: WorkflowVersion) => {
    if (!version.file_url) return toast.error(t('detail.noFile'));
    try {
      await downloadWorkflowFile(version.file_url, downloadFileName(workflow.title, version.version));
      toast.success(t('detail.versionDownloaded', { version: version.version }));
    } catch {
      toast.error(t('detail.downloadFailed'));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.versionHistory')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          {versions.map((version) => (
            <li
              key={version.id}
              className="flex items-center justify-between gap-3 rounded-lg border border-slate-100 px-3 py-2"
            >
              <div className="min-w-0">
                <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
                  v{version.version}
                  {version.is_current && <Badge variant="success">{t('detail.current')}</Badge>}
                </p>
                <p className="text-xs text-slate-600">{formatDate(version.created_at, i18n.language)}</p>
              </div>
              {version.file_url && (
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => downloadVersion(version)}
                  aria-label={t('detail.downloadVersion', { version: version.version })}
                >
                  <Download aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <div
      className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8"
      aria-busy="true"
      data-testid="detail-skeleton"
    >
      <Skeleton className="h-4 w-40" />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div>
          <div className="flex gap-2">
            <Skeleton className="h-5 w-14 rounded-full" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <Skeleton className="mt-4 h-9 w-3/4" />
          <Skeleton className="mt-4 h-4 w-1/2" />
          <div className="mt-6 flex gap-2">
            <Skeleton className="h-10 w-32" />
            <Skeleton className="h-10 w-24" />
          </div>
          <Skeleton className="mt-8 h-[500px] w-full rounded-2xl" />
        </div>
        <div className="flex flex-col gap-6">
          <Skeleton className="h-44 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      </div>
    </div>
  );
}

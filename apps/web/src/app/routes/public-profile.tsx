import { Boxes, CalendarDays, Heart, LayoutGrid, Link2, Pencil } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useParams, useSearchParams } from 'react-router';
import type { PublicProfile } from '@flowbay/domain';
import { PAGE_SIZE } from '@flowbay/domain/limits';
import { pageFromSearchParams, paths } from '@flowbay/domain/routes';
import { EmptyState } from '@/components/empty-state';
import { NotFoundState } from '@/components/not-found-state';
import { ButtonLink } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '@/features/profiles/api/get-profile';
import { useWorkflows } from '@/features/workflows/api/get-workflows';
import { AuthorAvatar } from '@/features/workflows/components/author-avatar';
import { WorkflowCardsView } from '@/features/workflows/components/workflow-card';
import { formatDate, formatNumber } from '@/lib/format';
import { usePageHead } from '@/lib/page-meta';
import { useCurrentUserId } from '@/lib/current-user';
import { usePaginationLabels } from '@/lib/use-pagination-labels';
import { AuthorRating } from '@/features/ratings/components/author-rating';
import { useSession } from '@/features/accounts/api/get-session';
import { FollowButton } from '@/features/notifications/components/follow-button';
import { page as profilePage } from './public-profile.page';

export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  // The page is in the address (`?page=2`), so pages are links that work without JavaScript.
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearchParams(searchParams);
  const profile = useProfile(id);
  const workflows = useWorkflows({ user_id: id, page }, { enabled: profile.isSuccess });
  const paginationLabels = usePaginationLabels();
  const isOwner = useCurrentUserId() === id;
  const name =
    profile.data?.display_name?.trim() || profile.data?.full_name?.trim() || t('profile.anonymous');
  usePageHead(profilePage, profile.data ? { name } : null, profile.data !== undefined || profile.isError);

  // A page past the last one (an old link, fewer workflows now) goes to the last page instead.
  const lastPage = workflows.data
    ? Math.max(0, Math.ceil(workflows.data.filteredCount / PAGE_SIZE) - 1)
    : null;
  useEffect(() => {
    if (lastPage === null || page <= lastPage) return;
    setSearchParams(
      (params) => {
        if (lastPage > 0) params.set('page', String(lastPage + 1));
        else params.delete('page');
        return params;
      },
      { replace: true },
    );
  }, [lastPage, page, setSearchParams]);

  if (profile.isError) {
    return (
      <NotFoundState
        title={t('profile.notFoundTitle')}
        text={t('profile.notFoundSubtitle')}
        action={{ to: '/workflows', label: t('detail.backToWorkflows'), back: true }}
      />
    );
  }

  const pageCount = workflows.data ? Math.ceil(workflows.data.filteredCount / PAGE_SIZE) : 0;
  const goToPage = (next: number) => {
    if (next < 0 || next >= pageCount) return;
    setSearchParams((params) => {
      if (next > 0) params.set('page', String(next + 1));
      else params.delete('page');
      return params;
    });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <section className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {profile.isPending ? (
          // The same responsive layout as the loaded header, so nothing below moves when it arrives.
          <div className="flex flex-col gap-6 sm:flex-row sm:items-center" aria-busy="true">
            <Skeleton className="size-20 rounded-full" />
            <div className="min-w-0 flex-1">
              <Skeleton className="h-8 w-56 sm:h-9" />
              <Skeleton className="mt-3 h-5 w-72 max-w-full" />
              <Skeleton className="mt-2 h-5 w-40 sm:hidden" />
            </div>
          </div>
        ) : (
          <ProfileHeader profile={profile.data} name={name} isOwner={isOwner} />
        )}
      </section>

      <section className="mt-10" aria-labelledby="profile-workflows">
        <h2 id="profile-workflows" className="text-xl font-bold text-slate-900">
          {t(isOwner ? 'profile.yourSharedWorkflows' : 'profile.sharedWorkflows')}
        </h2>
        <div className="mt-6">
          <WorkflowCardsView
            query={workflows}
            placeholders={PAGE_SIZE}
            empty={
              <EmptyState className="bg-white">
                {t(isOwner ? 'profile.emptyOwner' : 'profile.empty')}
              </EmptyState>
            }
          />
        </div>
        {pageCount > 1 && (
          <div className="mt-10 flex flex-col items-center gap-3">
            <Pagination
              page={page}
              pageCount={pageCount}
              onPageChange={goToPage}
              hrefFor={(target) => paths.publicProfile(id, target)}
              labels={paginationLabels}
            />
            <p className="text-sm text-slate-600">
              {t('profile.pageInfo', { page: page + 1, pages: pageCount })}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}

/** The loaded profile: avatar, name, what they share, their rating, bio and links. */
function ProfileHeader({
  profile,
  name,
  isOwner,
}: {
  profile: PublicProfile;
  name: string;
  isOwner: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const facts = [
    {
      icon: LayoutGrid,
      label: t('profile.workflowsLabel'),
      value: t(isOwner ? 'profile.yourWorkflowCount' : 'profile.workflowCount', {
        count: profile.workflow_count,
        formatted: formatNumber(profile.workflow_count, language),
      }),
    },
    {
      icon: Boxes,
      label: t('profile.nodesLabel'),
      value: t('profile.totalNodes', {
        count: profile.total_nodes,
        formatted: formatNumber(profile.total_nodes, language),
      }),
    },
    {
      icon: Heart,
      label: t('settings.favoritesLabel'),
      value: t('settings.totalFavorites', {
        count: profile.total_favorites,
        formatted: formatNumber(profile.total_favorites, language),
      }),
    },
    {
      icon: CalendarDays,
      label: t('profile.memberSinceLabel'),
      value: t('profile.memberSince', { date: formatDate(profile.created_at, language) }),
    },
  ];
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <AuthorAvatar name={name} src={profile.avatar_url} size="lg" />
      <div className="min-w-0 flex-1">
        {isOwner && <p className="text-sm font-medium text-brand-700">{t('profile.yourPublicPage')}</p>}
        <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{name}</h1>
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
          {facts.map(({ icon: Icon, label, value }) => (
            <div key={label} className="inline-flex items-center gap-1.5">
              <Icon className="size-4" aria-hidden="true" />
              <dt className="sr-only">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <AuthorRating userId={profile.id} />
        <FollowAuthor authorId={profile.id} />
        {profile.bio && (
          <p className="mt-4 max-w-3xl text-sm whitespace-pre-line text-slate-700">{profile.bio}</p>
        )}
        {profile.links.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t('settings.links')}>
            {profile.links.map((link) => (
              <li key={link}>
                {/* People's own links: never endorsed to search engines, never given window.opener. */}
                <a
                  href={link}
                  rel="nofollow ugc noopener noreferrer"
                  target="_blank"
                  className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                >
                  <Link2 className="size-3.5" aria-hidden="true" />
                  {displayLink(link)}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      {isOwner && (
        <ButtonLink variant="outline" to="/profile">
          <Pencil aria-hidden="true" />
          {t('profile.edit')}
        </ButtonLink>
      )}
    </div>
  );
}

/** Follow (notifications feature), with the follower count; on one's own page only the count. */
function FollowAuthor({ authorId }: { authorId: string }) {
  const { user } = useSession();
  return (
    <FollowButton
      authorId={authorId}
      signedIn={Boolean(user)}
      isSelf={user?.id === authorId}
      className="mt-3"
    />
  );
}

/** "github.com/ana" for "https://github.com/ana/": what a reader needs to recognise a link. */
function displayLink(link: string): string {
  try {
    const url = new URL(link);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '')}`;
  } catch {
    return link;
  }
}

import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { WorkflowDetail } from '@flowbay/domain';
import { Button, ButtonLink } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { useAuthorStats } from '../../api/get-author-stats';
import { AuthorAvatar, authorName } from '../author-avatar';

/** Who made it, how much they share and how it is liked; `rating` is the author's stars (ratings feature). */
export function AuthorCard({ workflow, rating }: { workflow: WorkflowDetail; rating?: ReactNode }) {
  const { t } = useTranslation();
  const stats = useAuthorStats(workflow.user_id);
  const author = authorName(workflow.profiles) ?? t('common.anonymous');
  return (
    <TitledCard data-testid="author-card" title={t('detail.author')}>
      <div className="flex items-center gap-3">
        <AuthorAvatar name={author} src={workflow.profiles?.avatar_url} size="md" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{author}</p>
          {stats.data ? (
            <p className="text-sm text-slate-600">
              {t('detail.authorWorkflows', { count: stats.data.workflowCount })} ·{' '}
              {t('detail.authorFavorites', { count: stats.data.totalFavorites })}
            </p>
          ) : (
            stats.isError && (
              <p className="text-sm text-red-700" role="alert">
                {t('detail.authorStatsFailed')}
              </p>
            )
          )}
          {rating}
        </div>
      </div>
      {workflow.profiles ? (
        <ButtonLink variant="outline" className="mt-4 w-full" to={`/profiles/${workflow.user_id}`}>
          {t('detail.viewProfile')}
        </ButtonLink>
      ) : (
        <Button variant="outline" className="mt-4 w-full" disabled>
          {t('detail.viewProfile')}
        </Button>
      )}
    </TitledCard>
  );
}

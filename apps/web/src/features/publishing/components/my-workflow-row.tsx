import { Clock, Pencil, Star } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { workflowPath } from '@flowbay/domain/slug';
import { ButtonLink } from '@/components/ui/button';
import { ModerationStatusBadge } from '@/components/moderation-status-badge';
import { RowCard } from '@/components/row-card';
import { WorkflowStats } from '@/components/workflow-stats';
import { formatDate, formatRating } from '@/lib/format';
import { usePriceLabel } from '@/lib/use-price-label';
import type { MyWorkflow } from '../api/get-my-workflows';

/** One of the author's workflows: status, what waits for moderation, and the reason of the last rejection. */
export function MyWorkflowRow({ workflow }: { workflow: MyWorkflow }) {
  const { t, i18n } = useTranslation();
  const priceLabel = usePriceLabel();
  const language = i18n.language;
  const { review } = workflow;
  const rejection = review.last_decision?.decision === 'rejected' ? review.last_decision : null;
  const waiting = review.pending_versions.length > 0 || review.pending_edit !== null;
  return (
    <RowCard
      data-testid="my-workflow"
      actions={
        <ButtonLink
          variant="outline"
          size="sm"
          className="self-start"
          to={`${workflowPath(workflow)}/edit`}
          aria-label={t('account.manageNamed', { title: workflow.title })}
        >
          <Pencil aria-hidden="true" />
          {t('detail.manage')}
        </ButtonLink>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <Link to={workflowPath(workflow)} className="font-semibold text-slate-900 hover:text-brand-700">
          {workflow.title}
        </Link>
        <ModerationStatusBadge status={workflow.status} />
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        <span>{priceLabel(workflow.price)}</span>
        <span>v{workflow.version}</span>
        <WorkflowStats workflow={workflow} />
        {workflow.rating_average !== null && (
          <span className="inline-flex items-center gap-1">
            <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
            {t('card.rating', {
              count: workflow.rating_count,
              average: formatRating(workflow.rating_average, language),
            })}
          </span>
        )}
        <span>{t('account.createdOn', { date: formatDate(workflow.created_at, language) })}</span>
      </p>
      {waiting && workflow.status !== 'pending' && (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-amber-900">
          <Clock className="size-4" aria-hidden="true" />
          {review.pending_versions.length > 0
            ? t('account.versionsWaiting', {
                versions: review.pending_versions.map((version) => version.version).join(', '),
              })
            : t('moderation.changesAwaitingModeration')}
        </p>
      )}
      {rejection && (
        <p
          className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
          data-testid="rejection-reason"
        >
          {t('moderation.rejectedWithReason', { reason: rejection.reason ?? '' })}
        </p>
      )}
    </RowCard>
  );
}

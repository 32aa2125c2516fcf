import { ArrowLeft, Clock, Lock } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { useLocation, useNavigate, useParams } from 'react-router';
import { workflowPath } from '@flowbay/domain/slug';
import { ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ModerationStatusBadge } from '@/components/moderation-status-badge';
import { NewVersionCard } from '@/features/publishing/components/new-version-card';
import { ScreenshotsCard } from '@/features/publishing/components/screenshots-card';
import { VersionHistory } from '@/components/version-history';
import { WorkflowUnavailable } from '@/features/workflows/components/detail/workflow-unavailable';
import { WorkflowInfoCard } from '@/features/publishing/components/workflow-info-card';
import { localizedName, useCategories, useSubcategories } from '@/features/workflows/api/get-taxonomy';
import { useVersions } from '@/features/workflows/api/get-versions';
import { useWorkflow } from '@/features/workflows/api/get-workflow';
import { usePageMeta } from '@/lib/page-meta';
import { failedWithNothingToShow } from '@/lib/query';
import { LoadError } from '@/components/load-error';

export function Component() {
  const { t } = useTranslation();
  usePageMeta(t('manage.pageTitle'));
  return <ManageWorkflow />;
}

function ManageWorkflow() {
  const { ref = '' } = useParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // The create form sends the seller here when some of its screenshots could not be uploaded.
  const addScreenshots = Boolean(
    (useLocation().state as { addScreenshots?: boolean } | null)?.addScreenshots,
  );
  const workflow = useWorkflow(ref);
  const categories = useCategories();
  const subcategories = useSubcategories();
  const versions = useVersions(workflow.data?.access.can_manage ? workflow.data.id : undefined);

  if (workflow.isPending || categories.isPending || subcategories.isPending) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6" aria-busy="true">
        <Skeleton className="h-9 w-40" />
        <Skeleton className="mt-6 h-9 w-2/3" />
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
          <Skeleton className="h-96 w-full rounded-2xl" />
          <Skeleton className="h-64 w-full rounded-2xl" />
        </div>
      </div>
    );
  }
  if (categories.isError || subcategories.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <LoadError
          messages={[
            ...(categories.isError ? [t('publish.loadPlatformsFailed')] : []),
            ...(subcategories.isError ? [t('publish.loadJobTypesFailed')] : []),
          ]}
          onRetry={() => void Promise.all([categories.refetch(), subcategories.refetch()])}
        />
      </div>
    );
  }
  const data = workflow.data;
  if (failedWithNothingToShow(workflow) || !data) {
    return <WorkflowUnavailable error={workflow.error} onRetry={() => void workflow.refetch()} />;
  }
  if (!data.access.can_manage) {
    return (
      <Message
        title={t('manage.noAccessTitle')}
        text={t('manage.noAccessText')}
        icon={<Lock className="size-10 text-slate-500" aria-hidden="true" />}
      >
        <ButtonLink className="mt-8" to={workflowPath(data)}>
          <ArrowLeft aria-hidden="true" />
          {t('manage.backToWorkflow')}
        </ButtonLink>
      </Message>
    );
  }
  const rejected = versions.data?.find(
    (version) => version.review_status === 'rejected' && version.review_reason,
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <ButtonLink variant="ghost" className="-ml-3" to={workflowPath(data)}>
        <ArrowLeft aria-hidden="true" />
        {t('manage.backToWorkflow')}
      </ButtonLink>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
          {data.title}
        </h1>
        <ModerationStatusBadge status={data.status} />
      </div>
      {(data.status === 'pending' || data.has_pending_changes) && (
        <p className="mt-3 flex items-center gap-2 text-sm text-amber-900">
          <Clock className="size-4" aria-hidden="true" />
          {t(
            data.status === 'pending'
              ? 'moderation.awaitingModeration'
              : 'moderation.changesAwaitingModeration',
          )}
        </p>
      )}
      {data.status === 'rejected' && rejected && (
        <p className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900" role="note">
          {t('moderation.rejectedWithReason', { reason: rejected.review_reason })}
        </p>
      )}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="flex min-w-0 flex-col gap-6">
          <WorkflowInfoCard
            key={`${data.id}-${data.updated_at}`}
            workflow={data}
            platforms={categories.data.map((item) => ({
              id: item.id,
              label: localizedName(item, i18n.language),
            }))}
            jobTypes={subcategories.data.map((item) => ({
              id: item.id,
              label: localizedName(item, i18n.language),
            }))}
            onDeleted={() => void navigate('/workflows', { replace: true })}
          />
          <ScreenshotsCard workflowId={data.id} language={data.language} focusAdd={addScreenshots} />
          <NewVersionCard
            workflowId={data.id}
            platform={data.node_summary?.platform ?? null}
            language={data.language}
          />
        </div>
        <VersionHistory versions={versions.data} failed={versions.isError} showModeration />
      </div>
    </div>
  );
}

function Message({
  title,
  text,
  icon,
  children,
}: {
  title: string;
  text: string;
  icon?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {icon}
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      {children}
    </div>
  );
}

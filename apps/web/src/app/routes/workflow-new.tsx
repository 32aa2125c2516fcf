import { ArrowLeft } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router';
import { workflowPath } from '@flowbay/domain/slug';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SkeletonStack } from '@/components/ui/skeleton';
import { CreateWorkflowForm } from '@/features/publishing/components/create-workflow-form';
import { localizedName, useCategories, useSubcategories } from '@/features/workflows/api/get-taxonomy';
import { usePageMeta } from '@/lib/page-meta';
import { LoadError } from '@/components/load-error';

export function Component() {
  const { t } = useTranslation();
  usePageMeta(t('publish.pageTitle'));
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <ButtonLink variant="ghost" className="-ml-3" to="/workflows">
        <ArrowLeft aria-hidden="true" />
        {t('detail.backToWorkflows')}
      </ButtonLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{t('publish.pageTitle')}</h1>
      <p className="mt-1 text-slate-600">{t('publish.pageSubtitle')}</p>
      <Card className="mt-6">
        <div className="p-6">
          <CreateBody />
        </div>
      </Card>
    </div>
  );
}

function CreateBody() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const categories = useCategories();
  const subcategories = useSubcategories();
  if (categories.isError || subcategories.isError) {
    return (
      <LoadError
        messages={[
          ...(categories.isError ? [t('publish.loadPlatformsFailed')] : []),
          ...(subcategories.isError ? [t('publish.loadJobTypesFailed')] : []),
        ]}
        onRetry={() => void Promise.all([categories.refetch(), subcategories.refetch()])}
      />
    );
  }
  if (!categories.data || !subcategories.data) {
    return <SkeletonStack blocks={['h-10 w-full', 'h-32 w-full', 'h-10 w-1/2']} />;
  }
  const toOptions = (items: { id: string; name: string; name_vi: string }[]) =>
    items.map((item) => ({ id: item.id, label: localizedName(item, i18n.language) }));
  return (
    <CreateWorkflowForm
      platforms={toOptions(categories.data)}
      jobTypes={toOptions(subcategories.data)}
      // Screenshots that could not be uploaded are added again on the edit page, its button focused.
      onCreated={(workflow, extras) =>
        void (extras.failedScreenshots > 0
          ? navigate(`${workflowPath(workflow)}/edit`, { state: { addScreenshots: true } })
          : navigate(workflowPath(workflow)))
      }
    />
  );
}

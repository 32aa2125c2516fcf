import { useTranslation } from '@/i18n/use-translation';
import type { RelatedWorkflows as RelatedLists, WorkflowCard as WorkflowCardData } from '@flowbay/domain';
import { WorkflowCard } from '../workflow-card';

/** Workflows like this one, then more from its author; a list with nothing in it is left out. */
export function RelatedWorkflows({ lists, authorName }: { lists: RelatedLists; authorName: string }) {
  const { t } = useTranslation();
  return (
    <>
      <CardRow id="related" title={t('detail.related')} workflows={lists.related} />
      <CardRow
        id="more-from-author"
        title={t('detail.moreFromAuthor', { name: authorName })}
        workflows={lists.by_author}
      />
    </>
  );
}

function CardRow({ id, title, workflows }: { id: string; title: string; workflows: WorkflowCardData[] }) {
  if (workflows.length === 0) return null;
  return (
    <section className="mt-12" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {workflows.map((workflow) => (
          <li key={workflow.id}>
            <WorkflowCard workflow={workflow} />
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Suspense, lazy } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { WorkflowDetail } from '@flowbay/domain';
import { Skeleton } from '@/components/ui/skeleton';
import { WhenVisible } from '@/components/when-visible';
import { OpenInZapier } from './open-in-zapier';

const PreviewPanel = lazy(() => import('../../preview/preview-panel'));
const StructurePanel = lazy(() => import('../../preview/structure-panel'));

/**
 * The interactive graph for whoever may open the file, loaded only when scrolled to. Before purchase
 * a paid workflow shows the same graph drawn from its structure (node types and connections, from
 * GET /api/workflows/:id/structure), never its file; otherwise the cover. It comes after the facts
 * and the description.
 */
export function PreviewSection({ workflow, onTaken }: { workflow: WorkflowDetail; onTaken?: () => void }) {
  const { t } = useTranslation();
  const fileUrl = workflow.access.can_download ? workflow.file_url : null;
  return (
    <section className="mt-8" aria-label={t('detail.preview')} data-testid="preview-section">
      <OpenInZapier workflow={workflow} />
      {fileUrl ? (
        <WhenVisible placeholder={<Skeleton className="h-[548px] w-full rounded-2xl" />}>
          <Suspense fallback={<Skeleton className="h-[548px] w-full rounded-2xl" />}>
            <PreviewPanel
              workflowId={workflow.id}
              fileUrl={fileUrl}
              title={workflow.title}
              showSettings={workflow.price === 0}
              onTaken={onTaken}
            />
          </Suspense>
        </WhenVisible>
      ) : workflow.price > 0 ? (
        <WhenVisible placeholder={<Skeleton className="h-[548px] w-full rounded-2xl" />}>
          <Suspense fallback={<Skeleton className="h-[548px] w-full rounded-2xl" />}>
            <StructurePanel workflowId={workflow.id} title={workflow.title} />
          </Suspense>
        </WhenVisible>
      ) : (
        <LockedCover workflow={workflow} />
      )}
    </section>
  );
}

/**
 * The cover beside the facts, not in place of the graph: for a workflow whose file the visitor may
 * open, and for a paid one before purchase (its structure fills the main column).
 */
export function WorkflowCover({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation();
  if (!workflow.cover_image_url) return null;
  const locked = !workflow.access.can_download;
  return (
    <img
      src={workflow.cover_image_url}
      alt={t('detail.coverAlt', { title: workflow.title })}
      className="aspect-video w-full rounded-2xl border border-slate-200 object-cover"
      // Before purchase it is a paid page's largest paint (the server preloads it).
      loading={locked ? 'eager' : 'lazy'}
      fetchPriority={locked ? 'high' : 'auto'}
      decoding="async"
      data-testid="workflow-cover"
    />
  );
}

/** The cover of a workflow with neither a file to preview nor a structure to show (a free one not yet listed). */
function LockedCover({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation();
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
    </div>
  );
}

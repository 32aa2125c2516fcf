import { Lock } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { WorkflowDetail } from '@flowbay/domain';
import { Skeleton } from '@/components/ui/skeleton';
import { WhenVisible } from '@/components/when-visible';
import { OpenInZapier } from './open-in-zapier';

const PreviewPanel = lazy(() => import('../../preview/preview-panel'));

/**
 * The interactive graph for whoever may open the file, loaded only when scrolled to; otherwise the
 * cover with what buying unlocks. It comes after the facts and the description.
 */
export function PreviewSection({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation();
  const fileUrl = workflow.access.can_download ? workflow.file_url : null;
  return (
    <section className="mt-8" aria-label={t('detail.preview')} data-testid="preview-section">
      <OpenInZapier workflow={workflow} />
      {fileUrl ? (
        <WhenVisible placeholder={<Skeleton className="h-[548px] w-full rounded-2xl" />}>
          <Suspense fallback={<Skeleton className="h-[548px] w-full rounded-2xl" />}>
            <PreviewPanel fileUrl={fileUrl} title={workflow.title} showSettings={workflow.price === 0} />
          </Suspense>
        </WhenVisible>
      ) : (
        <LockedCover workflow={workflow} />
      )}
    </section>
  );
}

/** The cover of a workflow whose preview the visitor can open: shown beside the facts, not in place of the graph. */
export function WorkflowCover({ workflow }: { workflow: WorkflowDetail }) {
  const { t } = useTranslation();
  if (!workflow.cover_image_url) return null;
  return (
    <img
      src={workflow.cover_image_url}
      alt={t('detail.coverAlt', { title: workflow.title })}
      className="aspect-video w-full rounded-2xl border border-slate-200 object-cover"
      loading="lazy"
      decoding="async"
      data-testid="workflow-cover"
    />
  );
}

function LockedCover({ workflow }: { workflow: WorkflowDetail }) {
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

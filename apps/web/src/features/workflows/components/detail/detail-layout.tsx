import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { WorkflowDetail } from '@flowbay/domain';
import { useRelated } from '../../api/get-related';
import { authorName } from '../author-avatar';
import { foreignLanguage } from '../language-tag';
import { AppsAndRequirements, requirementFacts } from './apps-and-requirements';
import { AuthorCard } from './author-card';
import { CheckedSection, RunsOnN8nSection } from './checks-sections';
import { DescriptionCard } from './description-card';
import { DetailActions } from './detail-actions';
import { DetailBreadcrumb, DetailHeader } from './detail-header';
import { DetailVersions } from './detail-versions';
import { FaqCard } from './faq-card';
import { ScreenshotGallery } from './screenshot-gallery';
import { InfoCard } from './info-card';
import { PreviewSection, WorkflowCover } from './preview-section';
import { RelatedWorkflows } from './related-workflows';

/**
 * Title and description as shown: the listing's text in the visitor's language when it has one (the
 * API's choice), else its original, or the machine translation the reader asked for.
 */
export interface ShownText {
  title: string;
  description: string;
  /** The language they are in. */
  lang?: string;
  /** True while the reader looks at a machine translation. */
  translated?: boolean;
}

/**
 * The detail page laid out for a decision: title, price, actions, apps and requirements and the
 * description first; the interactive preview after; then reviews, related workflows and more from
 * the author. Parts owned by other features come in as slots.
 */
export function DetailLayout({
  workflow,
  shown,
  onDownload,
  onTaken,
  notice,
  actions,
  purchase,
  reviews,
  asideTop,
  authorRating,
}: {
  workflow: WorkflowDetail;
  shown: ShownText;
  onDownload: () => void;
  /** After the preview's Copy JSON or Download JSON was recorded (what may let the user review). */
  onTaken?: () => void;
  notice?: ReactNode;
  actions?: ReactNode;
  purchase?: ReactNode;
  reviews?: ReactNode;
  asideTop?: ReactNode;
  authorRating?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const author = authorName(workflow.profiles) ?? t('common.anonymous');
  // The listing's own text in another language than the visitor's is tagged ("EN"), not a translation.
  const foreign = shown.translated ? null : foreignLanguage(workflow.shown_language, i18n.language);
  // Before purchase the main column shows a paid workflow's structure, so its cover goes here.
  const previewable = (workflow.access.can_download && Boolean(workflow.file_url)) || workflow.price > 0;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <DetailBreadcrumb title={workflow.title} />
      {notice}
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="min-w-0">
          <DetailHeader workflow={workflow} title={shown.title} titleLang={shown.lang} foreign={foreign} />
          <DetailActions workflow={workflow} onDownload={onDownload}>
            {actions}
          </DetailActions>
          <div className="mt-8 flex flex-col gap-6">
            {purchase}
            <AppsAndRequirements facts={requirementFacts(workflow)} />
            <RunsOnN8nSection workflow={workflow} />
            <CheckedSection workflow={workflow} />
            <ScreenshotGallery screenshots={workflow.screenshots} title={workflow.title} />
            <DescriptionCard markdown={shown.description} lang={shown.lang} />
            <FaqCard faq={workflow.faq} lang={faqLanguage(workflow)} />
          </div>
          <PreviewSection workflow={workflow} onTaken={onTaken} />
          {reviews}
        </div>
        <aside className="flex flex-col gap-6" aria-label={t('detail.sidebar')}>
          {previewable && <WorkflowCover workflow={workflow} />}
          {asideTop}
          <AuthorCard workflow={workflow} rating={authorRating} />
          <DetailVersions workflow={workflow} />
          <InfoCard workflow={workflow} />
        </aside>
      </div>
      {workflow.status === 'listed' && <RelatedSection workflowId={workflow.id} authorName={author} />}
    </div>
  );
}

/** The FAQ's language: a translation without questions shows the original's. */
function faqLanguage(workflow: WorkflowDetail): string {
  const shown = workflow.texts?.[workflow.shown_language];
  return shown && shown.faq.length > 0 ? workflow.shown_language : workflow.language;
}

/**
 * Related workflows and more from the author, asked for on their own after the page is shown: their
 * answer renders this part alone, not the page around it, and as a deferred (interruptible) render,
 * so a dozen cards do not hold a slow phone's main thread in one long task.
 */
function RelatedSection({ workflowId, authorName }: { workflowId: string; authorName: string }) {
  const lists = useDeferredValue(useRelated(workflowId).data);
  return lists ? <RelatedWorkflows lists={lists} authorName={authorName} /> : null;
}

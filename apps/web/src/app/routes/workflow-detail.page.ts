import type { WorkflowDetail } from '@flowbay/domain';
import { definePage } from '../page';

/** What the head names of a workflow, or null when there is none to show. */
export interface WorkflowHeadData {
  /** In the visitor's language when the listing has it (the API's `shown_language`), else its original. */
  title: string;
  description: string;
  /** The language of `title` and `description` (JSON-LD's `inLanguage`). */
  language: WorkflowDetail['shown_language'];
  author?: string;
  /** Its first platform's name. */
  platform?: string;
}

export const page = definePage<WorkflowHeadData | null>({
  file: 'workflow-detail',
  head: (text, workflow) => {
    if (!workflow) return { title: text('detail.notFoundTitle'), description: text('notFound.subtitle') };
    const platform = workflow.platform ?? text('detail.metaFallbackPlatform');
    const description =
      workflow.description.trim() ||
      (workflow.author
        ? text('detail.metaFallbackBy', { platform, author: workflow.author })
        : text('detail.metaFallback', { platform }));
    return { title: workflow.title, description };
  },
});

/** What the head names of a workflow the API answered. */
export function workflowHeadData(workflow: WorkflowDetail): WorkflowHeadData {
  return {
    title: workflow.title,
    description: workflow.description,
    language: workflow.shown_language,
    author: workflow.profiles?.display_name || workflow.profiles?.full_name || undefined,
    platform: workflow.categories[0]?.name,
  };
}

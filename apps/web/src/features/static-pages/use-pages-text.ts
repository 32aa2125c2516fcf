import { useTranslation } from '@/i18n/use-translation';

/** Long texts of the static pages live in their own namespace, loaded only when such a page opens. */
export function usePagesText() {
  return useTranslation('pages');
}

export interface TextSection {
  /** The section's anchor, for links into it (the terms' licences: `/terms#licences`). */
  id?: string;
  title: string;
  body: string[];
  /** Paragraphs shown after `body` only when moderation is AI-assisted (`GET /api/checks`). */
  ai?: string[];
  /** Paragraphs shown after `body` only when it is not. */
  noAi?: string[];
}

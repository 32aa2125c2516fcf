import { useMemo } from 'react';
import { renderMarkdown } from '@flowbay/domain/markdown-html';

/**
 * The description as markdown, rendered by the same allow-list renderer the server tests
 * (@flowbay/domain/markdown-html): headings, lists, code, tables and links with
 * rel="nofollow ugc"; raw HTML is shown as text and unsafe link addresses are dropped.
 */
export default function UsageGuide({ markdown }: { markdown: string }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  return <div className="prose-flow" dangerouslySetInnerHTML={{ __html: html }} />;
}

import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/** The description as markdown; rehype-sanitize drops scripts, event handlers and unsafe URLs. */
export default function UsageGuide({ markdown }: { markdown: string }) {
  return (
    <div className="prose-flow">
      <Markdown rehypePlugins={[rehypeSanitize]}>{markdown}</Markdown>
    </div>
  );
}

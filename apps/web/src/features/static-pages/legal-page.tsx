import { useTranslation } from '@/i18n/use-translation';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { StaticPageShell } from './static-page-shell';
import { usePagesText, type TextSection } from './use-pages-text';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';
import { aiVariant, useAiModeration } from './api/checks-status';
import { useSupportAddress } from './api/support-address';

/** Terms and privacy: numbered sections with a last-updated date. */
export function LegalPage({ page, updated }: { page: 'terms' | 'privacy'; updated: string }) {
  const { t, ready } = usePagesText();
  // The date line is part of the app's own texts, not of the `pages` namespace.
  const { t: tApp, i18n } = useTranslation();
  // The privacy policy names the operator's support address (SUPPORT_EMAIL) where it says how to reach
  // the controller; until the server has said, it points to the contact page instead.
  const supportEmail = useSupportAddress() ?? t('privacy.contactFallback');
  const sections = t(`${page}.sections`, { returnObjects: true, supportEmail }) as TextSection[] | string;
  // What the moderation section says about AI follows the server: said only once it is known.
  const aiModeration = useAiModeration();
  usePageMeta(ready ? t(`${page}.title`) : undefined, ready ? t(`${page}.intro`) : undefined);
  // A link into a section (the Buy block's "/terms#licences") lands on it once the texts are drawn.
  useScrollToHash(undefined, ready && Array.isArray(sections));
  return (
    <StaticPageShell
      title={t(`${page}.title`)}
      intro={t(`${page}.intro`)}
      ready={ready && Array.isArray(sections)}
    >
      <p className="text-sm text-slate-600">
        {tApp('legal.updated', { date: formatDate(updated, i18n.language) })}
      </p>
      <ol className="mt-6 flex flex-col gap-8">
        {Array.isArray(sections) &&
          sections.map((section, index) => (
            <li key={section.title} id={section.id} className="scroll-mt-24">
              <h2 className="text-xl font-semibold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              {[...section.body, ...(aiVariant(section, aiModeration) ?? [])].map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                  {paragraph}
                </p>
              ))}
            </li>
          ))}
      </ol>
    </StaticPageShell>
  );
}

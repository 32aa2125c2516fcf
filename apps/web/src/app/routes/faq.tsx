import { BookOpen, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { aiVariant, useAiModeration } from '@/features/static-pages/api/checks-status';
import { StaticPageShell } from '@/features/static-pages/static-page-shell';
import { usePagesText } from '@/features/static-pages/use-pages-text';
import { usePageHead } from '@/lib/page-meta';
import { page } from './faq.page';

export function Component() {
  const { t, ready } = usePagesText();
  const items = t('faq.items', { returnObjects: true }) as
    { question: string; answer: string; ai?: string; noAi?: string }[] | string;
  // An answer about the checks ends with what the server says of AI, once it has said.
  const aiModeration = useAiModeration();
  usePageHead(page, undefined, ready);
  return (
    <StaticPageShell title={t('faq.title')} intro={t('faq.intro')} ready={ready && Array.isArray(items)}>
      <div className="rounded-2xl border border-slate-200 bg-white px-5 shadow-sm sm:px-6">
        {/* type="single": opening one question closes the one that was open. */}
        <Accordion type="single" collapsible>
          {Array.isArray(items) &&
            items.map((item, index) => (
              <AccordionItem key={item.question} value={`item-${index}`}>
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent>
                  {[item.answer, aiVariant(item, aiModeration)].filter(Boolean).join(' ')}
                </AccordionContent>
              </AccordionItem>
            ))}
        </Accordion>
      </div>
      <div className="mt-10 grid gap-4 sm:grid-cols-2">
        {[
          { to: '/contact', icon: Mail, title: t('faq.contactTitle'), text: t('faq.contactText') },
          { to: '/guide', icon: BookOpen, title: t('faq.guideTitle'), text: t('faq.guideText') },
        ].map(({ to, icon: Icon, title, text }) => (
          <Link
            key={to}
            to={to}
            className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-300"
          >
            <Icon className="size-6 text-brand-700" aria-hidden="true" />
            <h2 className="mt-3 font-semibold text-slate-900 group-hover:text-brand-700">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </Link>
        ))}
      </div>
    </StaticPageShell>
  );
}

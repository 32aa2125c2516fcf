import type { FaqItem } from '@flowbay/domain';
import { useTranslation } from '@/i18n/use-translation';
import { TitledCard } from '@/components/ui/card';

/**
 * The listing's questions and answers, each opened on its own (plain text, as the author wrote it),
 * in the visitor's language when the listing has them in it (`lang`: the language they are in).
 */
export function FaqCard({ faq, lang }: { faq: FaqItem[]; lang?: string }) {
  const { t } = useTranslation();
  if (faq.length === 0) return null;
  return (
    <TitledCard data-testid="listing-faq" title={t('listing.faqTitle')}>
      <div className="flex flex-col divide-y divide-slate-100" lang={lang}>
        {faq.map((item, index) => (
          <details key={index} className="group py-2">
            <summary className="cursor-pointer font-medium text-slate-900">{item.question}</summary>
            <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </TitledCard>
  );
}

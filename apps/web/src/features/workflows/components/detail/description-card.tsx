import { Suspense, lazy } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { TitledCard } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { WhenVisible } from '@/components/when-visible';

// The markdown renderer loads only once the description is on screen.
const UsageGuide = lazy(() => import('../usage-guide'));

/** The author's description and usage guide (markdown), in the reader's chosen translation. */
export function DescriptionCard({ markdown, lang }: { markdown: string; lang?: string }) {
  const { t } = useTranslation();
  return (
    <TitledCard data-testid="description" title={t('detail.usageGuide')}>
      {markdown ? (
        <div lang={lang}>
          <WhenVisible placeholder={<Skeleton className="h-24 w-full" />}>
            <Suspense fallback={<Skeleton className="h-24 w-full" />}>
              <UsageGuide markdown={markdown} />
            </Suspense>
          </WhenVisible>
        </div>
      ) : (
        <p className="text-slate-600">{t('detail.noDescription')}</p>
      )}
    </TitledCard>
  );
}

import { Compass, Coins, PlayCircle, Upload } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { useTranslation } from '@/i18n/use-translation';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StaticPageShell } from '@/features/static-pages/static-page-shell';
import { usePagesText } from '@/features/static-pages/use-pages-text';
import { usePageHead } from '@/lib/page-meta';
import { page } from './guide.page';

const CARDS = [
  { key: 'create', icon: Upload },
  { key: 'discover', icon: Compass },
  { key: 'run', icon: PlayCircle },
  { key: 'earn', icon: Coins },
] as const;

export function Component() {
  const { t, ready } = usePagesText();
  const ui = useTranslation();
  // Menu items are named as the menu shows them: the menu's own texts, not a copy.
  const menuItems = { createWorkflow: ui.t('menu.createWorkflow') };
  usePageHead(page, undefined, ready);
  return (
    <StaticPageShell title={t('guide.title')} intro={t('guide.intro')} ready={ready}>
      <div className="grid gap-6 md:grid-cols-2">
        {CARDS.map(({ key, icon: Icon }) => {
          const steps = t(`guide.cards.${key}.steps`, { returnObjects: true, ...menuItems }) as
            string[] | string;
          return (
            <Card key={key}>
              <CardHeader>
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <CardTitle className="mt-3 text-lg">{t(`guide.cards.${key}.title`)}</CardTitle>
              </CardHeader>
              <CardContent>
                <ol className="list-decimal space-y-2 pl-5 text-slate-700">
                  {Array.isArray(steps) && steps.map((step) => <li key={step}>{step}</li>)}
                </ol>
              </CardContent>
            </Card>
          );
        })}
      </div>
      <div className="mt-10 flex flex-wrap gap-3">
        <ButtonLink to="/workflows">{t('guide.browse')}</ButtonLink>
        <ButtonLink variant="outline" to="/faq">
          {t('guide.faq')}
        </ButtonLink>
      </div>
    </StaticPageShell>
  );
}

import { ArrowRight, Search, ShieldCheck, Sparkles, Users, Zap } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { FEATURED_COUNT } from '@flowbay/domain/limits';
import { paths } from '@flowbay/domain/routes';
import { EmptyState } from '@/components/empty-state';
import { Button, ButtonLink } from '@/components/ui/button';
import { localizedName, useSubcategories } from '@/features/workflows/api/get-taxonomy';
import { useWorkflows } from '@/features/workflows/api/get-workflows';
import { WorkflowCardsView } from '@/features/workflows/components/workflow-card';
import { usePageHead } from '@/lib/page-meta';
import { translateMessage } from '@/i18n/keys';
import { page } from './home.page';

const QUICK_USE_CASES = 8;

export function Component() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const subcategories = useSubcategories();
  const featured = useWorkflows({ sort: 'views_desc', limit: FEATURED_COUNT });
  usePageHead(page, undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = search.trim();
    void navigate(paths.catalog({ search: text }));
  };

  const chip =
    'inline-flex items-center rounded-full border border-white/25 bg-white/10 px-3.5 py-1.5 text-sm font-medium text-white backdrop-blur transition hover:bg-white/20';

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-700 to-violet-600 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(255,255,255,0.18),transparent_45%),radial-gradient(circle_at_85%_60%,rgba(56,189,248,0.25),transparent_40%)]"
        />
        <div className="relative mx-auto max-w-5xl px-4 py-20 text-center sm:px-6 md:py-28">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium ring-1 ring-white/20">
            <Sparkles className="size-4" aria-hidden="true" />
            {t('home.eyebrow')}
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl md:text-6xl">
            {t('home.title')}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-brand-100">{t('home.subtitle')}</p>
          <form
            role="search"
            action={paths.catalog()}
            method="get"
            onSubmit={submit}
            className="mx-auto mt-10 flex max-w-2xl flex-col gap-2 rounded-2xl bg-white p-2 shadow-2xl sm:flex-row"
          >
            <label htmlFor="home-search" className="sr-only">
              {t('home.searchLabel')}
            </label>
            <div className="flex flex-1 items-center gap-2 px-3">
              <Search className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
              <input
                id="home-search"
                name="search"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={t('home.searchPlaceholder')}
                className="h-12 w-full bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
              />
            </div>
            <Button type="submit" size="lg">
              {t('home.searchButton')}
            </Button>
          </form>
          <nav
            aria-label={t('home.useCases')}
            className="mt-8 flex flex-wrap items-center justify-center gap-2"
          >
            <Link to="/workflows" className={chip}>
              {t('home.all')}
            </Link>
            {subcategories.data?.slice(0, QUICK_USE_CASES).map((item) => (
              <Link
                key={item.id}
                to={`/workflows?subcategory=${encodeURIComponent(item.id)}`}
                className={chip}
              >
                {localizedName(item, i18n.language)}
              </Link>
            ))}
            <Link to="/workflows" className={`${chip} bg-white! text-brand-800!`}>
              {t('home.explore')}
              <ArrowRight className="ml-1 size-4" aria-hidden="true" />
            </Link>
          </nav>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="featured-title">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {t('home.featuredTitle')}
            </h2>
            <p className="mt-2 text-slate-600">{t('home.featuredSubtitle')}</p>
          </div>
          <ButtonLink variant="outline" to="/workflows?sort=views_desc">
            {t('home.viewAll')}
            <ArrowRight aria-hidden="true" />
          </ButtonLink>
        </div>
        <div className="mt-8">
          <WorkflowCardsView
            query={featured}
            placeholders={FEATURED_COUNT}
            empty={
              <EmptyState
                title={t('home.emptyTitle')}
                action={{ to: '/auth', label: t('home.emptyAction') }}
                className="bg-white"
              >
                {t('home.emptySubtitle')}
              </EmptyState>
            }
          />
        </div>
      </section>

      <section className="border-y border-slate-200 bg-white" aria-labelledby="features-title">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2
            id="features-title"
            className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            {t('home.featuresTitle')}
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {[
              { icon: Zap, key: 'fast' },
              { icon: Users, key: 'community' },
              { icon: ShieldCheck, key: 'secure' },
            ].map(({ icon: Icon, key }) => (
              <div key={key} className="rounded-2xl border border-slate-200 p-6">
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">
                  {translateMessage(t, `home.features.${key}.title`)}
                </h3>
                <p className="mt-2 leading-relaxed text-slate-600">
                  {translateMessage(t, `home.features.${key}.text`)}
                </p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-slate-900 px-6 py-14 text-center text-white sm:px-12">
          <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('home.ctaTitle')}</h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-300">{t('home.ctaSubtitle')}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink size="lg" variant="inverse" to="/auth">
              {t('home.ctaSignUp')}
            </ButtonLink>
            <ButtonLink size="lg" to="/workflows/new">
              {t('home.ctaCreate')}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}

import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { Logo } from './logo';
import { paths } from '@flowbay/domain/routes';

/** The footer's pages, each with the text of its link. */
const LINKS = {
  catalog: 'nav.workflows',
  workflowNew: 'footer.createWorkflow',
  profile: 'footer.profile',
  guide: 'footer.guide',
  contact: 'footer.contact',
  faq: 'footer.faq',
  terms: 'footer.terms',
  privacy: 'footer.privacy',
} as const;
type FooterPage = keyof typeof LINKS;

const GROUPS: Array<{ id: string; title: 'footer.quickLinks' | 'footer.support'; pages: FooterPage[] }> = [
  { id: 'footer-quick', title: 'footer.quickLinks', pages: ['catalog', 'workflowNew', 'profile'] },
  { id: 'footer-support', title: 'footer.support', pages: ['guide', 'contact', 'faq'] },
];
const LEGAL: FooterPage[] = ['terms', 'privacy'];

function FooterLink({ page }: { page: FooterPage }) {
  const { t } = useTranslation();
  return (
    <Link className="text-sm text-slate-600 hover:text-brand-700" to={paths[page]()}>
      {t(LINKS[page])}
    </Link>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-20 border-t border-slate-200 bg-white print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <Logo label={t('nav.homeLabel')} />
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-slate-600">{t('footer.tagline')}</p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.id} aria-labelledby={group.id}>
            <h2 id={group.id} className="text-sm font-semibold text-slate-900">
              {t(group.title)}
            </h2>
            <ul className="mt-3 space-y-2">
              {group.pages.map((page) => (
                <li key={page}>
                  <FooterLink page={page} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:px-6 lg:px-8">
          <p>{t('footer.copyright', { year })}</p>
          <div className="flex gap-5">
            {LEGAL.map((page) => (
              <FooterLink key={page} page={page} />
            ))}
          </div>
        </div>
      </div>
    </footer>
  );
}

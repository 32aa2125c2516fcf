import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from './logo';
import { paths } from '@flowbay/domain/routes';

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const linkClass = 'text-sm text-slate-600 hover:text-brand-700';
  return (
    <footer className="mt-20 border-t border-slate-200 bg-white print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <Logo label={t('nav.homeLabel')} />
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-slate-600">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="text-sm font-semibold text-slate-900">
            {t('footer.quickLinks')}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link className={linkClass} to={paths.catalog()}>
                {t('nav.workflows')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.workflowNew()}>
                {t('footer.createWorkflow')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.profile()}>
                {t('footer.profile')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className="text-sm font-semibold text-slate-900">
            {t('footer.support')}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link className={linkClass} to={paths.guide()}>
                {t('footer.guide')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.contact()}>
                {t('footer.contact')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.faq()}>
                {t('footer.faq')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:px-6 lg:px-8">
          <p>{t('footer.copyright', { year })}</p>
          <div className="flex gap-5">
            <Link className={linkClass} to={paths.terms()}>
              {t('footer.terms')}
            </Link>
            <Link className={linkClass} to={paths.privacy()}>
              {t('footer.privacy')}
            </Link>
          </div>
        </div>
      </div>
    </footer>
  );
}

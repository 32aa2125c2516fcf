import { Menu } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { HeaderAccount } from './header-account';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';
import { NAV_ITEMS, navClass } from './nav-items';

const loadMobileNav = () => import('./mobile-nav');
const MobileNav = lazy(loadMobileNav);

export function Header() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <Logo label={t('nav.homeLabel')} />
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={navClass}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-3 md:flex">
          <LanguageSelect />
          <HeaderAccount />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto md:hidden"
          aria-label={t('nav.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={() => void loadMobileNav()}
          onClick={() => {
            setMenuRequested(true);
            setOpen(true);
          }}
        >
          <Menu className="size-6" aria-hidden="true" />
        </Button>
        {menuRequested && (
          <Suspense fallback={null}>
            <MobileNav open={open} onOpenChange={setOpen} />
          </Suspense>
        )}
      </div>
    </header>
  );
}

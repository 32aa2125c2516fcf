import { useTranslation } from '@/i18n/use-translation';
import { NavLink } from 'react-router';
import { Dialog, SheetContent } from '@/components/ui/dialog';
import { MobileAccountLinks } from './header-account';
import { LanguageSelect } from './language-select';
import { NAV_ITEMS, navClass } from './nav-items';

/** The side sheet under 768 px; its own chunk, fetched when the menu button is first pressed. */
export default function MobileNav({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent title={t('nav.menu')} closeLabel={t('common.close')}>
        <nav aria-label={t('nav.main')} className="flex flex-col gap-1">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={navClass} onClick={close}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className="mt-6 border-t border-slate-200 pt-6">
          <LanguageSelect className="w-full" />
        </div>
        <div className="mt-auto pt-6">
          <MobileAccountLinks onNavigate={close} />
        </div>
      </SheetContent>
    </Dialog>
  );
}

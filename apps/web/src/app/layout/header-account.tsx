import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * The account corner of the header. Signed out: log in and register links to /auth.
 * The signed-in avatar menu replaces this component's body when sessions reach the web app.
 */
export function HeaderAccount() {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      <Button asChild variant="ghost">
        <Link to="/auth">{t('nav.login')}</Link>
      </Button>
      <Button asChild>
        <Link to="/auth?tab=signup">{t('nav.register')}</Link>
      </Button>
    </div>
  );
}

/** The same account entries as full-width links for the mobile sheet. */
export function MobileAccountLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <Button asChild variant="outline" className="w-full">
        <Link to="/auth" onClick={onNavigate}>
          {t('nav.login')}
        </Link>
      </Button>
      <Button asChild className="w-full">
        <Link to="/auth?tab=signup" onClick={onNavigate}>
          {t('nav.register')}
        </Link>
      </Button>
    </div>
  );
}

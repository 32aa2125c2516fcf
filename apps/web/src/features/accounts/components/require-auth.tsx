import { useTranslation } from '@/i18n/use-translation';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@flowbay/domain/routes';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '../api/get-session';

/** Where the user was going; /auth sends them back there after signing in. */
export interface AuthRedirectState {
  from?: string;
}

/**
 * The layout route around every guarded page of the route table (`PAGES[id].guard`): a loading
 * text while the session loads, a replace to /auth without a user (remembering the address),
 * otherwise the page. `admin` also requires the admin role.
 */
export function RequireAuth({ admin = false }: { admin?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { user, isLoading, isAdmin } = useSession();
  if (isLoading) {
    return (
      <p className="mx-auto max-w-7xl px-4 py-24 text-center text-slate-600" role="status">
        {t('auth.loading')}
      </p>
    );
  }
  if (!user) {
    const state: AuthRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.auth()} replace state={state} />;
  }
  if (admin && !isAdmin) return <NoAccess />;
  return <Outlet />;
}

function NoAccess() {
  const { t } = useTranslation();
  usePageMeta(t('auth.noAccessTitle'));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('auth.noAccessTitle')}</h1>
      <p className="mt-2 text-slate-600">{t('auth.adminOnly')}</p>
    </div>
  );
}

import { LogOut } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useSession } from '@/features/accounts/api/get-session';
import { useSignOut } from '@/features/accounts/api/sign-out';
import { InitialsAvatar } from '@/features/accounts/components/initials-avatar';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { errorKey } from '@/lib/api-client';
import { AvatarMenu } from '../server-parts';
import { menuEntries } from './account-menu-entries';
import { translateMessage } from '@/i18n/keys';
import { paths } from '@flowbay/domain/routes';

function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  return {
    pending: signOut.isPending,
    logout: () =>
      signOut.mutate(undefined, {
        onSuccess: () => {
          toast.success(t('menu.loggedOut'));
          void navigate('/');
        },
        onError: (error) => toast.error(t('menu.logoutFailed'), { description: t(errorKey(error)) }),
      }),
  };
}

/** The account corner of the header: log in / register when signed out, the avatar menu when signed in. */
export function HeaderAccount() {
  const { t } = useTranslation();
  const { user, isAdmin, isLoading } = useSession();
  const { logout, pending } = useLogout();
  const placeholder = <span className="size-9" aria-hidden="true" />;
  if (isLoading) return placeholder;
  if (!user) {
    return (
      <div className="flex items-center gap-2">
        <ButtonLink variant="ghost" to={paths.auth()}>
          {t('nav.login')}
        </ButtonLink>
        <ButtonLink to={paths.auth('signup')}>{t('nav.register')}</ButtonLink>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-1">
      <NotificationBell />
      <Suspense fallback={placeholder}>
        <AvatarMenu user={user} isAdmin={isAdmin} logout={logout} pending={pending} />
      </Suspense>
    </div>
  );
}

/** The same account entries as full-width links for the mobile sheet. */
export function MobileAccountLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { user, isAdmin } = useSession();
  const { logout, pending } = useLogout();
  if (!user) {
    return (
      <div className="flex flex-col gap-2">
        <ButtonLink variant="outline" className="w-full" to={paths.auth()} onClick={onNavigate}>
          {t('nav.login')}
        </ButtonLink>
        <ButtonLink className="w-full" to={paths.auth('signup')} onClick={onNavigate}>
          {t('nav.register')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <div className="mb-2 flex items-center gap-3 rounded-xl bg-slate-50 p-3">
        <InitialsAvatar
          name={user.displayName || user.name}
          fallback={user.email}
          src={user.image}
          size="md"
        />
        <div className="min-w-0">
          <p className="text-xs text-slate-600">{t('menu.signedInAs')}</p>
          <p className="truncate text-sm font-medium text-slate-900">{user.email}</p>
        </div>
      </div>
      <nav aria-label={t('menu.accountNav')} className="flex flex-col gap-1">
        {menuEntries(user, isAdmin).map((entry) => (
          <Link
            key={entry.key}
            to={entry.to}
            onClick={onNavigate}
            className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 [&_svg]:size-4 [&_svg]:text-slate-500"
          >
            {entry.icon}
            {translateMessage(t, entry.key)}
          </Link>
        ))}
      </nav>
      <Button
        variant="outline"
        className="mt-3 w-full"
        disabled={pending}
        onClick={() => {
          onNavigate();
          logout();
        }}
      >
        <LogOut aria-hidden="true" />
        {t('menu.logout')}
      </Button>
    </div>
  );
}

import { LogOut } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { SessionUser } from '@/features/accounts/api/get-session';
import { InitialsAvatar } from '@/features/accounts/components/initials-avatar';
import { displayName, menuEntries } from './account-menu-entries';
import { translateMessage } from '@/i18n/keys';

/** The signed-in avatar menu: its own chunk, so anonymous visitors never download the dropdown. */
export default function AvatarMenu({
  user,
  isAdmin,
  logout,
  pending,
}: {
  user: SessionUser;
  isAdmin: boolean;
  logout: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className="cursor-pointer rounded-full ring-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          aria-label={t('menu.account', { name: displayName(user) })}
        >
          <InitialsAvatar name={user.displayName || user.name} fallback={user.email} src={user.image} />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel>
          <span className="block text-xs text-slate-500">{t('menu.signedInAs')}</span>
          <span className="block truncate text-sm font-medium text-slate-900">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {menuEntries(user, isAdmin).map((entry) => (
          <DropdownMenuItem key={entry.key} asChild>
            <Link to={entry.to}>
              {entry.icon}
              {translateMessage(t, entry.key)}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={logout} disabled={pending}>
          <LogOut aria-hidden="true" />
          {t('menu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import {
  Bell,
  Heart,
  LayoutList,
  Lock,
  PlusCircle,
  ShieldCheck,
  ShoppingBag,
  UserCircle,
  UserPen,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { SessionUser } from '@/features/accounts/api/get-session';
import { paths } from '@flowbay/domain/routes';

export interface MenuEntry {
  to: string;
  key: string;
  icon: ReactNode;
}

/** The account entries, in the avatar menu's order (moderation only for admins). */
export function menuEntries(user: SessionUser, isAdmin: boolean): MenuEntry[] {
  return [
    { to: paths.publicProfile(user.id), key: 'menu.publicProfile', icon: <UserCircle aria-hidden="true" /> },
    { to: paths.profile(), key: 'menu.editProfile', icon: <UserPen aria-hidden="true" /> },
    { to: paths.workflowNew(), key: 'menu.createWorkflow', icon: <PlusCircle aria-hidden="true" /> },
    { to: paths.myWorkflows(), key: 'menu.myWorkflows', icon: <LayoutList aria-hidden="true" /> },
    { to: paths.favorites(), key: 'menu.favorites', icon: <Heart aria-hidden="true" /> },
    { to: paths.purchases(), key: 'menu.purchases', icon: <ShoppingBag aria-hidden="true" /> },
    { to: paths.sales(), key: 'menu.sales', icon: <Wallet aria-hidden="true" /> },
    { to: paths.notifications(), key: 'menu.notifications', icon: <Bell aria-hidden="true" /> },
    { to: paths.privacySettings(), key: 'menu.privacy', icon: <Lock aria-hidden="true" /> },
    ...(isAdmin
      ? [{ to: paths.admin(), key: 'menu.moderation', icon: <ShieldCheck aria-hidden="true" /> }]
      : []),
  ];
}

export function displayName(user: SessionUser): string {
  return user.displayName?.trim() || user.name?.trim() || user.email;
}

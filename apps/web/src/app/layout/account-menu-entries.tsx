import {
  Heart,
  LayoutList,
  PlusCircle,
  ShieldCheck,
  ShoppingBag,
  UserCircle,
  UserPen,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { SessionUser } from '@/features/auth/api/get-session';

export interface MenuEntry {
  to: string;
  key: string;
  icon: ReactNode;
}

/** The account entries, in the order of the spec's avatar menu (admin review only for admins). */
export function menuEntries(user: SessionUser, isAdmin: boolean): MenuEntry[] {
  return [
    { to: `/profiles/${user.id}`, key: 'menu.publicProfile', icon: <UserCircle aria-hidden="true" /> },
    { to: '/profile', key: 'menu.editProfile', icon: <UserPen aria-hidden="true" /> },
    { to: '/workflows/new', key: 'menu.createWorkflow', icon: <PlusCircle aria-hidden="true" /> },
    { to: '/me/workflows', key: 'menu.myWorkflows', icon: <LayoutList aria-hidden="true" /> },
    { to: '/me/favorites', key: 'menu.favorites', icon: <Heart aria-hidden="true" /> },
    { to: '/me/purchases', key: 'menu.purchases', icon: <ShoppingBag aria-hidden="true" /> },
    { to: '/me/sales', key: 'menu.sales', icon: <Wallet aria-hidden="true" /> },
    ...(isAdmin ? [{ to: '/admin', key: 'menu.admin', icon: <ShieldCheck aria-hidden="true" /> }] : []),
  ];
}

export function displayName(user: SessionUser): string {
  return user.displayName?.trim() || user.name?.trim() || user.email;
}

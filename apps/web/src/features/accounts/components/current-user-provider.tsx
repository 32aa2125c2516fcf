import type { ReactNode } from 'react';
import { CurrentUserContext } from '@/lib/current-user';
import { useSession } from '../api/get-session';

/** Gives public pages the signed-in user's id (owner wording, create buttons) without importing this feature. */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return <CurrentUserContext.Provider value={user?.id ?? null}>{children}</CurrentUserContext.Provider>;
}

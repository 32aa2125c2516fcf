import { createContext, useContext } from 'react';

/**
 * The signed-in user's id, or null. The accounts screens provide it (CurrentUserContext.Provider)
 * once sessions reach the web app; public pages only read it for owner wording.
 */
export const CurrentUserContext = createContext<string | null>(null);

export function useCurrentUserId(): string | null {
  return useContext(CurrentUserContext);
}

import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False on the server and while the page hydrates, true once the app runs in the browser: a part
 * that loads its own chunk (React.lazy) shows its placeholder until then, as the server's HTML did,
 * rather than leaving the server a boundary it could not finish.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

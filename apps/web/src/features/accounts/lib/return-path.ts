import { RETURN_PARAM, safeReturnPath } from '@flowbay/domain/return-path';

/**
 * The return path this device is waiting on after a sign-up or a reset request: the confirmation
 * link opened here goes straight back to it; opened on another device it is offered as a link.
 */
const PENDING_KEY = 'flowbay.returnTo';

export function rememberReturnPath(returnTo: string | null) {
  try {
    if (returnTo && returnTo !== '/') localStorage.setItem(PENDING_KEY, returnTo);
    else localStorage.removeItem(PENDING_KEY);
  } catch {
    // Private modes may refuse storage: the confirmation page then offers the link instead.
  }
}

/** Whether this device started the sign-up that leads back to `returnTo` (and forgets it). */
export function takePendingReturnPath(returnTo: string): boolean {
  try {
    const pending = localStorage.getItem(PENDING_KEY);
    if (pending !== returnTo) return false;
    localStorage.removeItem(PENDING_KEY);
    return true;
  } catch {
    return false;
  }
}

/** The safe return path an address carries as `?next=`, null when none. */
export function returnPathOf(params: URLSearchParams): string | null {
  return safeReturnPath(params.get(RETURN_PARAM));
}

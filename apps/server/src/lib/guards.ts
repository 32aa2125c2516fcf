import { isAdmin, isSignedIn, type SignedInViewer, type Viewer } from '../infra/request-viewer.ts';
import { AppError, forbidden, unauthenticated } from './errors.ts';

/** A signed-in caller whose e-mail is confirmed: what every publishing write needs. */
export function requireUser(viewer: Viewer): SignedInViewer {
  if (!isSignedIn(viewer)) throw unauthenticated();
  if (!viewer.emailVerified)
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Please confirm your e-mail address first');
  return viewer;
}

export function requireAdmin(viewer: Viewer): SignedInViewer {
  const user = requireUser(viewer);
  if (!isAdmin(user)) throw forbidden();
  return user;
}

/** Who is calling: every handler reads this one value, whether the session came from a cookie or a bearer token. */
export type Viewer =
  | { kind: 'anonymous' }
  | { kind: 'user' | 'admin'; id: string; email: string; emailVerified: boolean; sessionId: string };

export const ANONYMOUS: Viewer = { kind: 'anonymous' };

export type SignedInViewer = Extract<Viewer, { id: string }>;

export function isSignedIn(viewer: Viewer): viewer is SignedInViewer {
  return viewer.kind !== 'anonymous';
}

export function isAdmin(viewer: Viewer): boolean {
  return viewer.kind === 'admin';
}

/** Resolves the viewer from request headers; the accounts module provides the real one. */
export type ViewerResolver = (headers: Headers) => Promise<Viewer>;

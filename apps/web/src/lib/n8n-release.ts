import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { N8nRelease, type CompatBadge, runsOnRelease } from '@flowbay/domain/checks';

/** The cookie holding the n8n release a visitor said they run, read by the server's render too. */
export const N8N_RELEASE_COOKIE = 'n8n';
const YEAR_SECONDS = 31_536_000;

/** The release a visitor typed, tidied ("v1.98 " → "1.98"), or null when it is not one. */
export function parseN8nRelease(text: string): string | null {
  const release = text.trim().replace(/^v/i, '');
  return N8nRelease.safeParse(release).success ? release : null;
}

/** The remembered release in a `Cookie` header (or `document.cookie`), null when none or not valid. */
export function n8nReleaseFromCookies(header: string): string | null {
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === N8N_RELEASE_COOKIE) return parseN8nRelease(value.join('='));
  }
  return null;
}

/** Where the remembered release lives in the query cache (the server's render seeds it from the cookie). */
export const myN8nReleaseKey = ['visitor', 'n8n-release'] as const;

const myN8nReleaseQuery = {
  queryKey: myN8nReleaseKey,
  queryFn: async () => (typeof document === 'undefined' ? null : n8nReleaseFromCookies(document.cookie)),
  staleTime: Infinity,
  gcTime: Infinity,
};

/**
 * The n8n release this visitor said they run ("My n8n is …"), remembered in a cookie for a year so
 * the server renders the catalogue for it too; `remember` and `forget` change it everywhere at once.
 */
export function useMyN8nRelease() {
  const queryClient = useQueryClient();
  const release = useQuery(myN8nReleaseQuery).data ?? null;
  const remember = useCallback(
    (next: string | null) => {
      document.cookie =
        next === null
          ? `${N8N_RELEASE_COOKIE}=; path=/; max-age=0; samesite=lax`
          : // A release is digits and dots only: nothing to encode.
            `${N8N_RELEASE_COOKIE}=${next}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
      // A first read of the cookie still under way must not land after this and undo it.
      void queryClient.cancelQueries({ queryKey: myN8nReleaseKey });
      queryClient.setQueryData(myN8nReleaseKey, next);
    },
    [queryClient],
  );
  return { release, remember };
}

/** Whether a listing with this badge runs on `release`, and if not, the bound it misses. */
export type ReleaseVerdict =
  | { runs: true }
  | { runs: false; needs: 'newer'; min: string }
  | { runs: false; needs: 'older'; max: string }
  | null;

/** The verdict for a visitor's release: null when there is no release or no bound to judge by. */
export function releaseVerdict(badge: CompatBadge | null, release: string | null): ReleaseVerdict {
  if (!badge || !release) return null;
  const runs = runsOnRelease(badge, release);
  if (runs === null) return null;
  if (runs) return { runs: true };
  // runsOnRelease says no: either the minimum is above the release or the maximum below it.
  return runsOnRelease({ min: badge.min, max: null }, release) === false
    ? { runs: false, needs: 'newer', min: badge.min! }
    : { runs: false, needs: 'older', max: badge.max! };
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { defineStaticQuery } from '@/lib/query';

export const checksStatusQueryOptions = defineStaticQuery(['checks', 'status'] as const, (signal) =>
  api.get('/api/checks', { signal }),
);

/**
 * Whether moderation is AI-assisted (a language model reads the listings' texts, MODERATION_URL on
 * the server): `undefined` until the server has said, so a page claims neither until then.
 */
export function useAiModeration(): boolean | undefined {
  return useQuery(checksStatusQueryOptions).data?.ai_moderation;
}

/** What a text adds for the current state: its `ai` or its `noAi` part, nothing while unknown. */
export function aiVariant<T>(text: { ai?: T; noAi?: T }, aiModeration: boolean | undefined): T | undefined {
  if (aiModeration === undefined) return undefined;
  return aiModeration ? text.ai : text.noAi;
}

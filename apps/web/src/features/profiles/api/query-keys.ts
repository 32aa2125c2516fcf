import { sharedKeys } from '@/lib/query-keys';

/** Every query of the public profiles feature. */
export const profilesKeys = {
  detail: sharedKeys.profile,
};

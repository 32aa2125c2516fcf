/** Every query of the privacy feature: the signed-in user's own (under `me`), and the admins' queue. */
export const privacyKeys = {
  consents: () => ['me', 'privacy', 'consents'] as const,
  requests: () => ['me', 'privacy', 'requests'] as const,
  queue: (status: string) => ['admin', 'privacy-requests', status] as const,
};

/** Every query of the n8n feature (the signed-in user's n8n keys). */
export const n8nKeys = {
  all: ['me', 'n8n-keys'] as const,
};

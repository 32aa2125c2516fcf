/** Every query of the connections feature (the signed-in user's saved n8n instances). */
export const connectionsKeys = {
  all: ['me', 'n8n-connections'] as const,
};

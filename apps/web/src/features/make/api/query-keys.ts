/** Every query of the Make feature (the signed-in user's saved Make connections). */
export const makeKeys = {
  all: ['me', 'make-connections'] as const,
};

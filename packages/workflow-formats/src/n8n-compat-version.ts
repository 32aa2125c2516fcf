// Written by `npm run n8n:catalogue` with data/n8n-catalogue.json: do not edit.

/**
 * A stamp of the n8n node catalogue (newest release + a hash of its content): results stored with
 * another stamp are recomputed.
 */
export const N8N_CATALOGUE_VERSION = '2.41.1+274ec88e873b';

/** Consent per purpose and data requests: what other modules use from here. */
export type { PrivacyService } from './privacy.service.ts';

import { PayOS } from '@payos/node';

/** The keys of one payOS channel (payment requests or payouts) and where its API is. */
export interface PayosClientConfig {
  clientId: string;
  apiKey: string;
  checksumKey: string;
  /** payOS's merchant API (a local payOS-speaking server in tests). */
  baseUrl: string;
}

/**
 * payOS's official SDK client as Flowbay uses it for payments and payouts alike: it signs each
 * request and checks the signature of the answers; `fetch` lets an in-process stand-in answer it.
 */
export function createPayosClient(config: PayosClientConfig, fetch?: typeof globalThis.fetch): PayOS {
  return new PayOS({
    clientId: config.clientId,
    apiKey: config.apiKey,
    checksumKey: config.checksumKey,
    // Never read from process.env behind env.ts's back.
    partnerCode: null,
    baseURL: config.baseUrl,
    // The SDK's logger would print request details; account numbers are never logged.
    logLevel: 'off',
    timeout: 20_000,
    maxRetries: 1,
    ...(fetch ? { fetch } : {}),
  });
}

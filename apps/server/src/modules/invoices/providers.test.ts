import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../env.ts';
import { createInvoiceProvider } from './providers.ts';

const BASE = { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' };
const SEPAY = {
  SEPAY_EINVOICE_CLIENT_ID: 'client',
  SEPAY_EINVOICE_CLIENT_SECRET: 'secret',
  SEPAY_EINVOICE_PROVIDER_ACCOUNT_ID: 'account',
};

describe('INVOICE_PROVIDER', () => {
  it('is manual unless set: nothing is issued automatically', () => {
    const provider = createInvoiceProvider(loadEnv(BASE));
    expect(provider).toEqual({ id: 'manual', automatic: false });
  });

  it('sepay needs its client id, secret and provider account', () => {
    for (const missing of Object.keys(SEPAY)) {
      const env: Record<string, string> = { ...BASE, INVOICE_PROVIDER: 'sepay', ...SEPAY };
      delete env[missing];
      expect(() => loadEnv(env), missing).toThrow(EnvError);
    }
    const provider = createInvoiceProvider(loadEnv({ ...BASE, INVOICE_PROVIDER: 'sepay', ...SEPAY }));
    expect(provider).toMatchObject({ id: 'sepay', automatic: true });
  });

  it('refuses a provider it does not know', () => {
    expect(() => loadEnv({ ...BASE, INVOICE_PROVIDER: 'misa' })).toThrow(EnvError);
  });
});

import { InvoiceProviderError, type InvoiceProvider, type InvoiceToIssue } from './invoice-provider.ts';

export interface SepayEinvoiceConfig {
  /** https://einvoice-api.sepay.vn (production) or https://einvoice-api-sandbox.sepay.vn; tests: a local stand-in. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Which of the company's e-invoice provider accounts issues (SePay: GET /v1/provider-accounts). */
  providerAccountId: string;
  templateCode?: string;
  invoiceSeries?: string;
}

interface Envelope<T> {
  success?: boolean;
  message?: string;
  data?: T;
}

const TIMEOUT_MS = 15_000;

/** yyyy-mm-dd hh:mm:ss in Vietnam's time (UTC+7, no daylight saving), as SePay takes issue dates. */
function vietnamDateTime(at: Date): string {
  return new Date(at.getTime() + 7 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * SePay eInvoice (developer.sepay.vn, "eInvoice API v1"): a Bearer token from POST /v1/token with
 * Basic client_id:client_secret (valid 24 hours, kept and renewed on a 401); POST /v1/invoices/create
 * with `is_draft: false` creates and issues in one request and answers a `tracking_code`; GET
 * /v1/invoices/create/check/{tracking_code} answers `Pending`, `Failed` or `Success` with the
 * invoice's number and `reference_code`, the code a buyer looks the invoice up with.
 *
 * One attempt creates the invoice (unless an earlier one already did: its tracking code is passed
 * back in) and asks once how it went; still processing is answered as such and the job asks again
 * later, so a retry never issues a second invoice for the same order.
 */
export function createSepayEinvoiceProvider(
  config: SepayEinvoiceConfig,
  fetchImpl: typeof fetch = fetch,
): InvoiceProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function call<T>(path: string, init: RequestInit): Promise<{ status: number; body: Envelope<T> }> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new InvoiceProviderError(`SePay eInvoice is unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    try {
      return { status: response.status, body: text ? (JSON.parse(text) as Envelope<T>) : {} };
    } catch {
      return { status: response.status, body: { message: text.slice(0, 200) } as Envelope<T> };
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const { status, body } = await call<{ access_token?: string; expires_in?: number }>('/v1/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
    });
    const value = body.data?.access_token;
    if (status !== 200 || !value) {
      throw new InvoiceProviderError(
        `SePay eInvoice refused the credentials (${status}: ${body.message ?? 'no token'})`,
      );
    }
    token = { value, expiresAt: Date.now() + (body.data?.expires_in ?? 3600) * 1000 };
    return value;
  }

  /** A call with the Bearer token; a 401 (token revoked or expired early) gets one new token and one retry. */
  async function authorized<T>(path: string, init: RequestInit = {}) {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = await accessToken();
      const answer = await call<T>(path, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${bearer}` },
      });
      if (answer.status !== 401 || attempt > 0) return answer;
      token = null;
    }
  }

  async function create(input: InvoiceToIssue): Promise<string> {
    const { status, body } = await authorized<{ tracking_code?: string }>('/v1/invoices/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        provider_account_id: config.providerAccountId,
        ...(config.templateCode ? { template_code: config.templateCode } : {}),
        ...(config.invoiceSeries ? { invoice_series: config.invoiceSeries } : {}),
        issued_date: vietnamDateTime(input.issuedAt),
        currency: 'VND',
        buyer: {
          name: input.buyer.companyName,
          tax_code: input.buyer.taxCode,
          address: input.buyer.address,
          email: input.buyer.email,
        },
        items: [
          {
            line_number: 1,
            line_type: 1,
            item_code: input.orderCode,
            item_name: input.itemName,
            unit: 'bản',
            quantity: 1,
            unit_price: input.amount,
          },
        ],
        notes: `Flowbay ${input.orderCode}`,
        is_draft: false,
      }),
    });
    const tracking = body.data?.tracking_code;
    if (status >= 300 || body.success === false || !tracking) {
      throw new InvoiceProviderError(
        `SePay eInvoice refused the invoice (${status}: ${body.message ?? 'no tracking code'})`,
      );
    }
    return tracking;
  }

  /** The status check; a failure to reach SePay keeps the tracking code for the next attempt. */
  async function checked<T>(path: string) {
    try {
      return await authorized<T>(path);
    } catch (error) {
      const ref = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
      throw new InvoiceProviderError((error as Error).message, { providerRef: ref });
    }
  }

  return {
    id: 'sepay',
    automatic: true,
    async issue(input) {
      const providerRef = input.providerRef ?? (await create(input));
      const { status, body } = await checked<{
        status?: string;
        message?: string;
        reference_code?: string;
        invoice?: { invoice_number?: string; reference_code?: string };
      }>(`/v1/invoices/create/check/${encodeURIComponent(providerRef)}`);
      const check = body.data;
      if (status === 404) {
        throw new InvoiceProviderError(`SePay eInvoice does not know the request ${providerRef}`, {
          forgetRef: true,
        });
      }
      if (status >= 300 || !check) {
        throw new InvoiceProviderError(
          `SePay eInvoice status check failed (${status}: ${body.message ?? 'no answer'})`,
          { providerRef },
        );
      }
      if (check.status === 'Failed') {
        throw new InvoiceProviderError(
          `SePay eInvoice could not issue the invoice: ${check.message ?? 'no reason given'}`,
          { forgetRef: true },
        );
      }
      const invoiceNumber = check.invoice?.invoice_number;
      const lookupCode = check.invoice?.reference_code ?? check.reference_code;
      if (check.status !== 'Success' || !invoiceNumber || !lookupCode)
        return { kind: 'processing', providerRef };
      return { kind: 'issued', invoiceNumber, lookupCode, providerRef };
    },
  };
}

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An invoice as the stand-in created it: what Flowbay sent, and what it answered. */
export interface StandInInvoice {
  trackingCode: string;
  referenceCode: string;
  invoiceNumber: string;
  body: {
    provider_account_id?: string;
    is_draft?: boolean;
    buyer?: { name?: string; tax_code?: string; address?: string; email?: string };
    items?: { item_name?: string; unit_price?: number; quantity?: number }[];
    notes?: string;
  };
  /** Status checks still to answer `Pending` before `Success`. */
  pendingChecks: number;
}

export const EINVOICE_CLIENT_ID = 'flowbay-test-client';
export const EINVOICE_CLIENT_SECRET = 'flowbay-test-secret';
export const EINVOICE_ACCOUNT_ID = '0aea3134-da40-11f0-aef4-52c7e9b4f41b';

/**
 * A local server that speaks SePay eInvoice's API v1 as its documentation describes it, written here
 * independently of the driver: POST /v1/token (Basic client_id:client_secret → a Bearer token),
 * POST /v1/invoices/create (→ a tracking code) and GET /v1/invoices/create/check/{tracking_code}
 * (Pending, Success with the invoice number and reference code, or 404). `failCreates(n)` makes the
 * next n creations answer 500, as the provider does when it is down; `pendingChecks(n)` makes each
 * new invoice answer Pending n times first. `env` is what the app needs to use it.
 */
export async function startEinvoiceStandIn() {
  const tokens = new Set<string>();
  const invoices = new Map<string, StandInInvoice>();
  const calls: { method: string; path: string; status: number }[] = [];
  let failing = 0;
  let pending = 0;
  let sequence = 0;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  async function readJson(request: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? JSON.parse(text) : {};
  }

  function respond(request: IncomingMessage, response: ServerResponse, status: number, body: unknown) {
    calls.push({ method: request.method ?? '', path: request.url ?? '', status });
    send(response, status, body);
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const path = request.url ?? '';
    const auth = request.headers.authorization ?? '';
    if (request.method === 'POST' && path === '/v1/token') {
      const expected = Buffer.from(`${EINVOICE_CLIENT_ID}:${EINVOICE_CLIENT_SECRET}`).toString('base64');
      if (auth !== `Basic ${expected}`) {
        return respond(request, response, 401, { success: false, message: 'Unauthorized' });
      }
      const token = randomUUID();
      tokens.add(token);
      return respond(request, response, 200, {
        success: true,
        data: { access_token: token, token_type: 'Bearer', expires_in: 86400 },
      });
    }
    if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) {
      return respond(request, response, 401, { success: false, message: 'Unauthorized' });
    }
    if (request.method === 'POST' && path === '/v1/invoices/create') {
      const body = (await readJson(request)) as StandInInvoice['body'];
      if (failing > 0) {
        failing -= 1;
        return respond(request, response, 500, {
          success: false,
          message: 'Provider temporarily unavailable',
        });
      }
      if (body.provider_account_id !== EINVOICE_ACCOUNT_ID || !body.buyer?.tax_code || !body.items?.length) {
        return respond(request, response, 400, { success: false, message: 'Invalid invoice data' });
      }
      sequence += 1;
      const invoice: StandInInvoice = {
        trackingCode: randomUUID(),
        referenceCode: randomUUID(),
        invoiceNumber: String(sequence).padStart(7, '0'),
        body,
        pendingChecks: pending,
      };
      invoices.set(invoice.trackingCode, invoice);
      return respond(request, response, 200, {
        success: true,
        data: { tracking_code: invoice.trackingCode },
      });
    }
    const check = /^\/v1\/invoices\/create\/check\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && check) {
      const invoice = invoices.get(decodeURIComponent(check[1]!));
      if (!invoice) return respond(request, response, 404, { success: false, message: 'Not found' });
      if (invoice.pendingChecks > 0) {
        invoice.pendingChecks -= 1;
        return respond(request, response, 200, {
          success: true,
          data: { reference_code: invoice.referenceCode, status: 'Pending', message: 'Đang xử lý' },
        });
      }
      return respond(request, response, 200, {
        success: true,
        data: {
          reference_code: invoice.referenceCode,
          status: 'Success',
          message: 'Xuất hóa đơn điện tử thành công',
          invoice: {
            reference_code: invoice.referenceCode,
            invoice_number: invoice.invoiceNumber,
            status: 'issued',
            buyer: invoice.body.buyer,
            total_amount: invoice.body.items?.[0]?.unit_price,
          },
        },
      });
    }
    return respond(request, response, 404, { success: false, message: 'Not found' });
  }

  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      INVOICE_PROVIDER: 'sepay',
      SEPAY_EINVOICE_BASE_URL: url,
      SEPAY_EINVOICE_CLIENT_ID: EINVOICE_CLIENT_ID,
      SEPAY_EINVOICE_CLIENT_SECRET: EINVOICE_CLIENT_SECRET,
      SEPAY_EINVOICE_PROVIDER_ACCOUNT_ID: EINVOICE_ACCOUNT_ID,
    },
    invoices: () => [...invoices.values()],
    calls: () => [...calls],
    failCreates(count: number) {
      failing = count;
    },
    pendingChecks(count: number) {
      pending = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

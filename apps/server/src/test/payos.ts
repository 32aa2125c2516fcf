import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * payOS's signature as its documentation gives it, written here independently of the SDK so a test
 * can play payOS (or forge it): the object's fields sorted by key, joined as `k=v&k2=v2` (null and
 * undefined as empty, arrays as JSON of key-sorted objects), HMAC-SHA256 with the checksum key, hex.
 */
export function signPayos(data: Record<string, unknown>, checksumKey: string): string {
  const sortKeys = (value: Record<string, unknown>) =>
    Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, value[key]]),
    );
  const text = Object.keys(data)
    .sort()
    .filter((key) => data[key] !== undefined)
    .map((key) => {
      const value = data[key];
      if (Array.isArray(value)) {
        return `${key}=${JSON.stringify(value.map((item: Record<string, unknown>) => sortKeys(item)))}`;
      }
      return `${key}=${value === null || value === 'null' || value === 'undefined' ? '' : String(value)}`;
    })
    .join('&');
  return createHmac('sha256', checksumKey).update(text).digest('hex');
}

interface StandInTransaction {
  reference: string;
  amount: number;
  accountNumber: string;
  description: string;
  transactionDateTime: string;
  virtualAccountName: string | null;
  virtualAccountNumber: string | null;
  counterAccountBankId: string | null;
  counterAccountBankName: string | null;
  counterAccountName: string | null;
  counterAccountNumber: string | null;
}

export interface StandInPaymentLink {
  id: string;
  orderCode: number;
  amount: number;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  buyerEmail: string | null;
  items: unknown;
  expiredAt: number | null;
  status: 'PENDING' | 'CANCELLED' | 'UNDERPAID' | 'PAID' | 'EXPIRED';
  createdAt: string;
  transactions: StandInTransaction[];
  cancellationReason: string | null;
  canceledAt: string | null;
}

const BANK = { bin: '970422', accountNumber: 'VQRQ0001FLOWBAY', accountName: 'CONG TY TNHH FLOWBAY' };

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A VietQR (EMVCo) text shaped like payOS's: not scannable, but distinct per payment. */
function qrText(link: StandInPaymentLink): string {
  return `00020101021238570010A000000727012700069704220113${BANK.accountNumber}0208QRIBFTTA53037045406${link.amount}5802VN62${String(link.description.length + 4).padStart(2, '0')}08${link.description}6304ABCD`;
}

/**
 * A local server that speaks the part of payOS's merchant API the payOS driver uses, at the paths
 * and in the envelopes the SDK calls (`{ code: '00', desc: 'success', data, signature }`, the data
 * signed with the checksum key): create, get and cancel a payment request. It checks the client ID,
 * the API key and the request signature like payOS does, and signs the webhook a transfer sends.
 * Point the server at it with PAYOS_BASE_URL.
 */
export async function startPayosStandIn(options: { clientId: string; apiKey: string; checksumKey: string }) {
  const links = new Map<number, StandInPaymentLink>();
  const requests: { method: string; path: string; body: unknown }[] = [];
  let base = '';
  let sequence = 0;

  const sign = (data: Record<string, unknown>) => signPayos(data, options.checksumKey);
  const findLink = (id: string) =>
    /^\d+$/.test(id) ? links.get(Number(id)) : [...links.values()].find((link) => link.id === id);

  /** A payment request's `data` as payOS answers it (get, cancel). */
  function linkData(link: StandInPaymentLink) {
    const amountPaid = link.transactions.reduce((sum, item) => sum + item.amount, 0);
    return {
      id: link.id,
      orderCode: link.orderCode,
      amount: link.amount,
      amountPaid,
      amountRemaining: Math.max(0, link.amount - amountPaid),
      status: link.status,
      createdAt: link.createdAt,
      transactions: link.transactions,
      cancellationReason: link.cancellationReason,
      canceledAt: link.canceledAt,
    };
  }

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const raw = await readBody(request);
    const path = (request.url ?? '').split('?')[0]!;
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      // Answered below as a bad request.
    }
    requests.push({ method: request.method ?? '', path, body });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    // payOS answers its own errors with HTTP 200 and a code other than '00'.
    const fail = (code: string, desc: string) => send(200, { code, desc, data: null, signature: null });
    const ok = (data: Record<string, unknown>) =>
      send(200, { code: '00', desc: 'success', data, signature: sign(data) });
    if (
      request.headers['x-client-id'] !== options.clientId ||
      request.headers['x-api-key'] !== options.apiKey
    ) {
      return send(401, { code: '401', desc: 'Unauthorized' });
    }

    if (request.method === 'POST' && path === '/v2/payment-requests') {
      const { amount, cancelUrl, description, orderCode, returnUrl } = body;
      const signed = sign({ amount, cancelUrl, description, orderCode, returnUrl });
      if (body.signature !== signed) return fail('20', 'Signature is invalid');
      if (typeof orderCode !== 'number' || !Number.isSafeInteger(orderCode) || orderCode <= 0) {
        return fail('20', 'orderCode must be a positive integer');
      }
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
        return fail('20', 'amount must be a positive integer');
      }
      if (typeof description !== 'string' || description.length > 25) {
        return fail('20', 'description must be at most 25 characters');
      }
      if (links.has(orderCode)) return fail('231', 'Đơn thanh toán đã tồn tại');
      sequence += 1;
      const link: StandInPaymentLink = {
        id: randomBytes(16).toString('hex'),
        orderCode,
        amount,
        description,
        returnUrl: String(returnUrl),
        cancelUrl: String(cancelUrl),
        buyerEmail: typeof body.buyerEmail === 'string' ? body.buyerEmail : null,
        items: body.items,
        expiredAt: typeof body.expiredAt === 'number' ? body.expiredAt : null,
        status: 'PENDING',
        createdAt: new Date().toISOString(),
        transactions: [],
        cancellationReason: null,
        canceledAt: null,
      };
      links.set(orderCode, link);
      return ok({
        ...BANK,
        amount,
        description,
        orderCode,
        currency: 'VND',
        paymentLinkId: link.id,
        status: link.status,
        expiredAt: link.expiredAt,
        checkoutUrl: `${base}/web/${link.id}`,
        qrCode: qrText(link),
      });
    }
    const match = /^\/v2\/payment-requests\/([^/]+)(\/cancel)?$/.exec(path);
    if (match) {
      const link = findLink(match[1]!);
      if (!link) return fail('101', 'Mã thanh toán không tồn tại');
      if (match[2] && request.method === 'POST') {
        if (link.status !== 'PENDING') return fail('101', 'Đơn thanh toán không ở trạng thái chờ');
        link.status = 'CANCELLED';
        link.cancellationReason =
          typeof body.cancellationReason === 'string' ? body.cancellationReason : null;
        link.canceledAt = new Date().toISOString();
      }
      if (request.method === 'GET' || match[2]) return ok(linkData(link));
    }
    return send(404, { code: '404', desc: `Not found (${request.method} ${path})` });
  };
  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** The signed webhook payOS sends for a transaction (`data` as documented, signed with the checksum key). */
  function webhookBody(data: Record<string, unknown>, signature = sign(data)): string {
    return JSON.stringify({ code: '00', desc: 'success', success: true, data, signature });
  }

  return {
    url: base,
    /** The server's settings that point its payOS driver at this stand-in. */
    env: {
      PAYOS_CLIENT_ID: options.clientId,
      PAYOS_API_KEY: options.apiKey,
      PAYOS_CHECKSUM_KEY: options.checksumKey,
      PAYOS_BASE_URL: base,
    },
    links,
    requests,
    sign,
    webhookBody,
    /**
     * The buyer's bank transfers `amount` (the link's amount unless told) to the link with this
     * payOS order code: the link is paid (or underpaid), and the signed webhook is answered.
     */
    transfer(orderCode: number, amount?: number) {
      const link = links.get(orderCode)!;
      const transaction: StandInTransaction = {
        reference: `FT${String(sequence * 1000 + link.transactions.length + 1).padStart(10, '0')}`,
        amount: amount ?? link.amount,
        accountNumber: BANK.accountNumber,
        description: `${link.description} CHUYEN TIEN`,
        transactionDateTime: '2026-07-01 15:00:00',
        virtualAccountName: null,
        virtualAccountNumber: null,
        counterAccountBankId: '970436',
        counterAccountBankName: 'Vietcombank',
        counterAccountName: 'NGUYEN VAN A',
        counterAccountNumber: '0071001234567',
      };
      link.transactions.push(transaction);
      const paid = link.transactions.reduce((sum, item) => sum + item.amount, 0);
      link.status = paid >= link.amount ? 'PAID' : 'UNDERPAID';
      return webhookBody({
        orderCode: link.orderCode,
        amount: transaction.amount,
        description: transaction.description,
        accountNumber: transaction.accountNumber,
        reference: transaction.reference,
        transactionDateTime: transaction.transactionDateTime,
        currency: 'VND',
        paymentLinkId: link.id,
        code: '00',
        desc: 'success',
        counterAccountBankId: transaction.counterAccountBankId,
        counterAccountBankName: transaction.counterAccountBankName,
        counterAccountName: transaction.counterAccountName,
        counterAccountNumber: transaction.counterAccountNumber,
        virtualAccountName: '',
        virtualAccountNumber: '',
      });
    },
    /** Sends a webhook body to Flowbay's webhook address over HTTP, as payOS's servers do. */
    async deliver(webhookUrl: string, body: string) {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

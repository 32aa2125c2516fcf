import { createHmac, randomBytes } from 'node:crypto';

/**
 * payOS's signature as its documentation gives it, written here independently of the SDK so the
 * stand-in can play payOS (and a test can forge it): the object's fields sorted by key, joined as
 * `k=v&k2=v2` (null and undefined as empty, arrays as JSON of key-sorted objects), HMAC-SHA256 with
 * the checksum key, hex.
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

/**
 * The signature payOS's payout channel carries in its `x-signature` header, over a request's body and
 * over an answer's `data`, as documented (written independently of the SDK): keys sorted at every
 * depth, `key=value` joined by `&`, both URI-encoded, arrays and objects as JSON, null as empty;
 * HMAC-SHA256 with the checksum key, hex.
 */
export function signPayosPayout(data: Record<string, unknown>, checksumKey: string): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value === null || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(object)
        .sort()
        .map((key) => [key, sorted(object[key])]),
    );
  };
  const top = sorted(data) as Record<string, unknown>;
  const text = Object.keys(top)
    .map((key) => {
      const value = top[key];
      const shown =
        value === null || value === undefined
          ? ''
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
      return `${encodeURIComponent(key)}=${encodeURIComponent(shown)}`;
    })
    .join('&');
  return createHmac('sha256', checksumKey).update(text).digest('hex');
}

/** A payout as the stand-in's payout channel holds it: one transaction per payout of a request. */
export interface StandInPayout {
  id: string;
  referenceId: string;
  idempotencyKey: string;
  category: string[] | null;
  approvalState: 'PROCESSING' | 'COMPLETED' | 'FAILED';
  createdAt: string;
  transactions: {
    id: string;
    referenceId: string;
    amount: number;
    description: string;
    toBin: string;
    toAccountNumber: string;
    toAccountName: string | null;
    reference: string | null;
    transactionDatetime: string | null;
    errorMessage: string | null;
    errorCode: string | null;
    state: 'PROCESSING' | 'SUCCEEDED' | 'FAILED';
  }[];
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

/** The receiving account the stand-in's QR codes name (MB Bank's bin; no such account exists). */
export const PAYOS_STAND_IN_BANK = {
  bin: '970422',
  accountNumber: 'VQRQ0001FLOWBAY',
  accountName: 'CONG TY TNHH FLOWBAY',
};
const BANK = PAYOS_STAND_IN_BANK;

/** One field of an EMVCo QR text: its id, its length in two digits, its value. */
const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE, the checksum an EMVCo QR text ends with (field 63), as a bank app checks it. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * A VietQR (EMVCo) text laid out like payOS's, checksum included, so a bank app reads the account,
 * the amount and the content; the account does not exist, so no transfer can go through.
 */
function qrText(link: StandInPaymentLink): string {
  const beneficiary = field('00', BANK.bin) + field('01', BANK.accountNumber);
  const merchant = field('00', 'A000000727') + field('01', beneficiary) + field('02', 'QRIBFTTA');
  const body =
    field('00', '01') +
    field('01', '12') +
    field('38', merchant) +
    field('53', '704') +
    field('54', String(link.amount)) +
    field('58', 'VN') +
    field('62', field('08', link.description)) +
    '6304';
  return body + crc16(body);
}

export interface StandInRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface StandInAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * The part of payOS's merchant API the payOS driver uses, at the paths and in the envelopes the SDK
 * calls (`{ code: '00', desc: 'success', data, signature }`, the data signed with the checksum key):
 * create, get and cancel a payment request. It checks the client ID, the API key and the request
 * signature like payOS does, and signs the webhook a transfer sends. The tests serve it over HTTP
 * (apps/server/src/test/payos.ts); the built-in test gateway hands it to the SDK as its `fetch`, so
 * no port is opened and no money can move.
 */
export function createPayosStandIn(options: {
  clientId: string;
  apiKey: string;
  checksumKey: string;
  /** The payment page a payment request answers as its `checkoutUrl`. */
  checkoutUrl: (link: StandInPaymentLink) => string;
  now?: () => Date;
  /** payOS's payout channel has its own keys; without them the stand-in answers no payout path. */
  payouts?: { clientId: string; apiKey: string; checksumKey: string };
}) {
  const links = new Map<number, StandInPaymentLink>();
  const requests: { method: string; path: string; body: unknown }[] = [];
  const now = options.now ?? (() => new Date());
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

  const payouts = new Map<string, StandInPayout>();
  /** A payout as payOS answers it (the idempotency key is the stand-in's own bookkeeping). */
  const payoutData = ({ idempotencyKey: _key, ...payout }: StandInPayout) => payout;

  /** The payout channel's paths: create (one or a batch) and get, signed in `x-signature` both ways. */
  function answerPayouts(
    request: StandInRequest,
    body: Record<string, unknown>,
    keys: { clientId: string; apiKey: string; checksumKey: string },
  ): StandInAnswer {
    const { method, path } = request;
    const fail = (code: string, desc: string, status = 200) => ({
      status,
      body: { code, desc, data: null },
    });
    const ok = (data: Record<string, unknown>) => ({
      status: 200,
      body: { code: '00', desc: 'success', data },
      headers: { 'x-signature': signPayosPayout(data, keys.checksumKey) },
    });
    if (request.headers['x-client-id'] !== keys.clientId || request.headers['x-api-key'] !== keys.apiKey) {
      return fail('401', 'Unauthorized', 401);
    }
    if (
      method === 'POST' &&
      (path === '/v1/payouts' || path === '/v1/payouts/' || path === '/v1/payouts/batch')
    ) {
      if (request.headers['x-signature'] !== signPayosPayout(body, keys.checksumKey)) {
        return fail('20', 'Signature is invalid');
      }
      const key = request.headers['x-idempotency-key'];
      if (typeof key !== 'string' || key.length === 0) return fail('20', 'x-idempotency-key is required');
      const known = [...payouts.values()].find((payout) => payout.idempotencyKey === key);
      // The same key answers the payout it created: a retry never pays twice.
      if (known) return ok(payoutData(known));
      const items = path.endsWith('/batch')
        ? (body.payouts as Record<string, unknown>[] | undefined)
        : [body];
      if (!Array.isArray(items) || items.length === 0) return fail('20', 'payouts is required');
      for (const item of items) {
        if (typeof item.referenceId !== 'string' || item.referenceId.length === 0) {
          return fail('20', 'referenceId is required');
        }
        if (typeof item.amount !== 'number' || !Number.isInteger(item.amount) || item.amount <= 0) {
          return fail('20', 'amount must be a positive integer');
        }
        if (typeof item.toBin !== 'string' || !/^\d{6}$/.test(item.toBin))
          return fail('20', 'toBin is invalid');
        if (typeof item.toAccountNumber !== 'string' || !/^[0-9A-Z]{4,19}$/.test(item.toAccountNumber)) {
          return fail('20', 'toAccountNumber is invalid');
        }
        if (typeof item.description !== 'string' || item.description.length > 25) {
          return fail('20', 'description must be at most 25 characters');
        }
      }
      const referenceId = String(path.endsWith('/batch') ? body.referenceId : body.referenceId);
      if ([...payouts.values()].some((payout) => payout.referenceId === referenceId)) {
        return fail('20', 'referenceId already exists');
      }
      sequence += 1;
      const payout: StandInPayout = {
        id: `po_${randomBytes(12).toString('hex')}`,
        referenceId,
        idempotencyKey: key,
        category: Array.isArray(body.category) ? (body.category as string[]) : null,
        approvalState: 'PROCESSING',
        createdAt: now().toISOString(),
        transactions: items.map((item, index) => ({
          id: `tx_${sequence}_${index + 1}`,
          referenceId: String(item.referenceId),
          amount: Number(item.amount),
          description: String(item.description),
          toBin: String(item.toBin),
          toAccountNumber: String(item.toAccountNumber),
          toAccountName: null,
          reference: null,
          transactionDatetime: null,
          errorMessage: null,
          errorCode: null,
          state: 'PROCESSING',
        })),
      };
      payouts.set(payout.id, payout);
      return ok(payoutData(payout));
    }
    const match = /^\/v1\/payouts\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const payout = payouts.get(match[1]!);
      if (!payout) return fail('101', 'Payout not found');
      return ok(payoutData(payout));
    }
    return { status: 404, body: { code: '404', desc: `Not found (${method} ${path})` } };
  }

  function answer(request: StandInRequest): StandInAnswer {
    let body: Record<string, unknown> = {};
    try {
      body = request.rawBody ? (JSON.parse(request.rawBody) as Record<string, unknown>) : {};
    } catch {
      // Answered below as a bad request.
    }
    const { method, path } = request;
    requests.push({ method, path, body });
    if (path.startsWith('/v1/payouts')) {
      if (!options.payouts) return { status: 404, body: { code: '404', desc: 'Not found' } };
      return answerPayouts(request, body, options.payouts);
    }
    // payOS answers its own errors with HTTP 200 and a code other than '00'.
    const fail = (code: string, desc: string) => ({
      status: 200,
      body: { code, desc, data: null, signature: null },
    });
    const ok = (data: Record<string, unknown>) => ({
      status: 200,
      body: { code: '00', desc: 'success', data, signature: sign(data) },
    });
    if (
      request.headers['x-client-id'] !== options.clientId ||
      request.headers['x-api-key'] !== options.apiKey
    ) {
      return { status: 401, body: { code: '401', desc: 'Unauthorized' } };
    }

    if (method === 'POST' && path === '/v2/payment-requests') {
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
        createdAt: now().toISOString(),
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
        checkoutUrl: options.checkoutUrl(link),
        qrCode: qrText(link),
      });
    }
    const match = /^\/v2\/payment-requests\/([^/]+)(\/cancel)?$/.exec(path);
    if (match) {
      const link = findLink(match[1]!);
      if (!link) return fail('101', 'Mã thanh toán không tồn tại');
      if (match[2] && method === 'POST') {
        if (link.status !== 'PENDING') return fail('101', 'Đơn thanh toán không ở trạng thái chờ');
        link.status = 'CANCELLED';
        link.cancellationReason =
          typeof body.cancellationReason === 'string' ? body.cancellationReason : null;
        link.canceledAt = now().toISOString();
      }
      if (method === 'GET' || match[2]) return ok(linkData(link));
    }
    return { status: 404, body: { code: '404', desc: `Not found (${method} ${path})` } };
  }

  /** The signed webhook payOS sends for a transaction (`data` as documented, signed with the checksum key). */
  function webhookBody(data: Record<string, unknown>, signature = sign(data)): string {
    return JSON.stringify({ code: '00', desc: 'success', success: true, data, signature });
  }

  return {
    links,
    requests,
    payouts,
    sign,
    webhookBody,
    answer,

    /**
     * The bank's answer to the payout made for Flowbay's payout `referenceId`: paid (with a bank
     * reference) or failed with `reason`. False when payOS holds no such payout.
     */
    settlePayout(referenceId: string, result: { paid: true } | { paid: false; reason: string }): boolean {
      const payout = [...payouts.values()].find((item) => item.referenceId === referenceId);
      if (!payout) return false;
      for (const transaction of payout.transactions) {
        transaction.transactionDatetime = now().toISOString();
        if (result.paid) {
          transaction.state = 'SUCCEEDED';
          transaction.reference = `FT${transaction.id.replace(/\D/g, '').padStart(10, '0')}`;
        } else {
          transaction.state = 'FAILED';
          transaction.errorCode = '214';
          transaction.errorMessage = result.reason;
        }
      }
      payout.approvalState = result.paid ? 'COMPLETED' : 'FAILED';
      return true;
    },

    /** The stand-in as the SDK's `fetch`: every call is answered here, in this process. */
    async fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
      const request = new Request(input, init);
      const headers = Object.fromEntries(request.headers.entries());
      const reply = answer({
        method: request.method,
        path: new URL(request.url).pathname,
        headers,
        rawBody: await request.text(),
      });
      return Response.json(reply.body, { status: reply.status, headers: reply.headers });
    },

    /**
     * The buyer's bank transfers `amount` (the link's amount unless told) to the link with this payOS
     * order code: the link is paid (or underpaid), and the signed webhook is answered. Null when there
     * is no such link.
     */
    transfer(orderCode: number, amount?: number): string | null {
      const link = links.get(orderCode);
      if (!link) return null;
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
  };
}

export type PayosStandIn = ReturnType<typeof createPayosStandIn>;

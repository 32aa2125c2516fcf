import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  customer_email: string | null;
}

/** Form bodies as the Stripe SDK sends them (`a[b][0][c]=v`), flattened to their bracket paths. */
function parseForm(body: string): Map<string, string> {
  return new Map(new URLSearchParams(body).entries());
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local server that speaks the part of Stripe's API the Stripe driver uses (Checkout sessions,
 * expire, refunds), and signs webhooks with the SDK's own test-header helper. Point the server at it
 * with STRIPE_API_URL.
 */
export async function startStripeStandIn(options: { secretKey: string; webhookSecret: string }) {
  const sessions = new Map<string, StandInSession>();
  const refunds: { id: string; payment_intent: string; amount: number; metadata: Record<string, string> }[] =
    [];
  const requests: { method: string; path: string; form: Map<string, string> }[] = [];
  const answered = new Map<string, { status: number; value: unknown }>();
  let sequence = 0;
  let base = '';

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const path = (request.url ?? '').split('?')[0]!;
    const form = parseForm(body);
    requests.push({ method: request.method ?? '', path, form });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    const fail = (status: number, message: string) =>
      send(status, { error: { type: 'invalid_request_error', message } });
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) return fail(401, 'Invalid API key');

    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      sequence += 1;
      const id = `cs_test_${sequence}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        url: `${base}/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        client_reference_id: form.get('client_reference_id') ?? null,
        metadata,
        payment_intent: null,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        expires_at: Number(form.get('expires_at')),
        customer_email: form.get('customer_email') ?? null,
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionMatch) {
      const session = sessions.get(sessionMatch[1]!);
      if (!session) return fail(404, 'No such checkout.session');
      if (sessionMatch[2]) {
        if (session.status !== 'open') return fail(400, 'Only open sessions can be expired');
        session.status = 'expired';
      }
      return send(200, session);
    }
    // Stripe answers a repeated request with the same Idempotency-Key with the first answer.
    const idempotencyKey = request.headers['idempotency-key'];
    const repeated =
      typeof idempotencyKey === 'string' ? answered.get(`${path} ${idempotencyKey}`) : undefined;
    if (request.method === 'POST' && repeated) return send(repeated.status, repeated.value);
    const remember = (status: number, value: unknown) => {
      if (typeof idempotencyKey === 'string') answered.set(`${path} ${idempotencyKey}`, { status, value });
      send(status, value);
    };
    if (request.method === 'POST' && path === '/v1/refunds') {
      const intent = form.get('payment_intent') ?? '';
      const session = [...sessions.values()].find((item) => item.payment_intent === intent);
      if (!session) return fail(404, 'No such payment_intent');
      if (refunds.some((refund) => refund.payment_intent === intent)) {
        return fail(400, 'Charge has already been refunded');
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const refund = {
        id: `re_test_${refunds.length + 1}`,
        payment_intent: intent,
        amount: session.amount_total,
        metadata,
      };
      refunds.push(refund);
      return remember(200, { object: 'refund', status: 'succeeded', currency: session.currency, ...refund });
    }
    return fail(404, `Unrecognized request URL (${request.method} ${path})`);
  };
  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stripe = new Stripe(options.secretKey);

  return {
    url: base,
    /** The server's settings that point its Stripe driver at this stand-in. */
    env: {
      STRIPE_SECRET_KEY: options.secretKey,
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      STRIPE_API_URL: base,
    },
    sessions,
    refunds,
    requests,
    /** The buyer pays on Stripe's page; answers the signed `checkout.session.completed` webhook. */
    pay(sessionId: string, timestamp: number) {
      const session = sessions.get(sessionId)!;
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = `pi_test_${sessionId}`;
      return this.webhook('checkout.session.completed', session, timestamp);
    },
    webhook(type: string, object: unknown, timestamp: number) {
      const payload = JSON.stringify({
        id: `evt_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: timestamp,
        data: { object },
      });
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.webhookSecret,
        timestamp,
      });
      return { payload, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

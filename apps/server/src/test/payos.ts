import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPayosStandIn } from '../infra/payments/payos-stand-in.ts';

export { signPayos, signPayosPayout, type StandInPaymentLink } from '../infra/payments/payos-stand-in.ts';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

type Keys = { clientId: string; apiKey: string; checksumKey: string };

/**
 * The payOS stand-in (infra/payments/payos-stand-in.ts) served over HTTP on a local port, so the
 * SDK reaches it through its real HTTP client. Point the server at it with PAYOS_BASE_URL. With
 * `payouts` keys it also speaks payOS's payout channel (PAYOS_PAYOUT_* in `env`).
 */
export async function startPayosStandIn(options: Keys & { payouts?: Keys }) {
  let base = '';
  const standIn = createPayosStandIn({ ...options, checkoutUrl: (link) => `${base}/web/${link.id}` });
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const reply = standIn.answer({
      method: request.method ?? '',
      path: (request.url ?? '').split('?')[0]!,
      headers: request.headers,
      rawBody: await readBody(request),
    });
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(JSON.stringify(reply.body));
  };
  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    /** The server's settings that point its payOS driver at this stand-in. */
    env: {
      PAYOS_CLIENT_ID: options.clientId,
      PAYOS_API_KEY: options.apiKey,
      PAYOS_CHECKSUM_KEY: options.checksumKey,
      PAYOS_BASE_URL: base,
      ...(options.payouts && {
        PAYOS_PAYOUT_CLIENT_ID: options.payouts.clientId,
        PAYOS_PAYOUT_API_KEY: options.payouts.apiKey,
        PAYOS_PAYOUT_CHECKSUM_KEY: options.payouts.checksumKey,
      }),
    },
    links: standIn.links,
    payouts: standIn.payouts,
    settlePayout: standIn.settlePayout,
    requests: standIn.requests,
    sign: standIn.sign,
    webhookBody: standIn.webhookBody,
    /** The signed webhook of a transfer to the link with this payOS order code (which must exist). */
    transfer(orderCode: number, amount?: number): string {
      const body = standIn.transfer(orderCode, amount);
      if (body === null) throw new Error(`no payment request with order code ${orderCode}`);
      return body;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

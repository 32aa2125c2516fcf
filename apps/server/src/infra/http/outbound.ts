import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * Calls to addresses users give (their n8n, their Make zone): the server must not become a way into
 * its own network. The host is resolved once, every address it resolves to is checked, and the
 * socket is opened to the checked address (no second lookup a rebinding DNS server could answer
 * differently). No redirect is followed, the whole exchange has a deadline and the answer a size cap.
 */

/** Why a user-given address is refused before anything is sent. */
export class OutboundRefused extends Error {
  constructor(
    public readonly reason: 'url' | 'scheme' | 'credentials' | 'address',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

/** Why a call that was allowed got no usable answer. */
export class OutboundFailed extends Error {
  constructor(
    public readonly kind: 'network' | 'timeout' | 'too-large' | 'redirect',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundFailed';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (dns.lookup, as the operating system resolves). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export interface OutboundOptions {
  /** Lets private, loopback and link-local addresses through (a self-hosted n8n on the same network). */
  allowPrivate?: boolean;
  resolver?: Resolver;
  /** The deadline of the whole exchange, connection to last byte (default 20 s). */
  timeoutMs?: number;
  /** The largest answer read (default 8 MiB); a larger one fails as `too-large`. */
  maxResponseBytes?: number;
  /** Addresses to refuse on top of the private ones (tests stand a loopback address in for a public one). */
  isRefused?: (address: string, family: 4 | 6) => boolean;
}

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The address the socket was opened to (the one that was checked). */
  address: string;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

const refusedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refusedV4.addSubnet(network, prefix, 'ipv4');
}

const refusedV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  refusedV6.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d), if any. */
function embeddedV4(address: string): string | null {
  const lower = address.toLowerCase();
  for (const prefix of ['::ffff:', '64:ff9b::']) {
    if (!lower.startsWith(prefix)) continue;
    const rest = lower.slice(prefix.length);
    if (isIP(rest) === 4) return rest;
    const groups = rest.split(':');
    if (groups.length === 2 && groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) {
      const [high, low] = groups.map((group) => parseInt(group, 16)) as [number, number];
      return [high >> 8, high & 255, low >> 8, low & 255].join('.');
    }
  }
  return null;
}

/** Whether an address is loopback, private, link-local, unspecified or otherwise not on the internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refusedV4.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedV4(address);
    if (v4) return refusedV4.check(v4, 'ipv4');
    return refusedV6.check(address, 'ipv6');
  }
  return true;
}

/** A user-given base address: http or https, no user name or password, no query or fragment. */
export function parseOutboundUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new OutboundRefused('url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefused('scheme', `only http and https are allowed, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new OutboundRefused('credentials', 'no credentials in the URL');
  return url;
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * The addresses a URL's host resolves to, all of them checked: one refused address refuses the host
 * (a name answering a public and a private address could be steered to the private one).
 */
export async function vettedAddresses(url: URL, options: OutboundOptions = {}): Promise<ResolvedAddress[]> {
  const host = bareHost(url.hostname);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolver ?? systemResolver)(host);
    } catch (error) {
      throw new OutboundFailed('network', `cannot resolve ${host}: ${(error as Error).message}`);
    }
  }
  if (addresses.length === 0) throw new OutboundFailed('network', `${host} has no address`);
  for (const { address, family } of addresses) {
    if (options.isRefused?.(address, family) || (!options.allowPrivate && isPrivateAddress(address))) {
      throw new OutboundRefused('address', `${host} resolves to ${address}, a private or local address`);
    }
  }
  return addresses;
}

/** A `lookup` for the socket that answers only the address already checked. */
function pinnedLookup(vetted: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: vetted.address, family: vetted.family }]);
    else callback(null, vetted.address, vetted.family);
  }) as unknown as LookupFunction;
}

/** One request to a user-given address, through the guard (see the top of this file). */
export async function outboundRequest(
  target: string | URL,
  request: OutboundRequest,
  options: OutboundOptions = {},
): Promise<OutboundResponse> {
  const url = typeof target === 'string' ? parseOutboundUrl(target) : parseOutboundUrl(target.href);
  const [vetted] = await vettedAddresses(url, options);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const client = url.protocol === 'https:' ? https : http;

  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, response?: OutboundResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (error) reject(error);
      else resolve(response!);
    };
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: bareHost(url.hostname),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: { 'accept-encoding': 'identity', ...request.headers },
        lookup: pinnedLookup(vetted!),
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          const location = String(res.headers.location ?? '');
          finish(new OutboundFailed('redirect', `redirected (${status}) to ${location || 'nowhere'}`));
          req.destroy();
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          finish(new OutboundFailed('too-large', `answer of ${declared} bytes`));
          req.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            finish(new OutboundFailed('too-large', `answer over ${maxBytes} bytes`));
            req.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          finish(null, {
            status,
            headers: res.headers,
            body: Buffer.concat(chunks),
            address: vetted!.address,
          }),
        );
        res.on('error', (error) => finish(new OutboundFailed('network', error.message)));
      },
    );
    const deadline = setTimeout(() => {
      finish(new OutboundFailed('timeout', `no answer within ${timeoutMs} ms`));
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => finish(new OutboundFailed('network', error.message)));
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

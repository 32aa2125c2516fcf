import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPrivateAddress,
  OutboundFailed,
  OutboundRefused,
  outboundRequest,
  type Resolver,
} from './outbound.ts';

/** A local server that says who it is and counts what reaches it. */
function namedServer(name: string, host: string, port = 0) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
      return;
    }
    if (req.url === '/big') {
      res.end('x'.repeat(4096));
      return;
    }
    if (req.url === '/silent') return; // never answers
    res.end(name);
  });
  return {
    hits,
    server,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port)),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const vetted = namedServer('vetted', '127.0.0.1');
let port: number;
let rebound: ReturnType<typeof namedServer>;

beforeAll(async () => {
  port = await vetted.listen();
  // 127.0.0.2 is loopback too on Linux: the address a rebinding name would switch to, same port.
  rebound = namedServer('rebound', '127.0.0.2', port);
  await rebound.listen();
});
afterAll(async () => {
  await vetted.close();
  await rebound.close();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'sent',
    (error: unknown) => (error instanceof OutboundRefused ? error.reason : String(error)),
  );
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'sent',
    (error: unknown) => (error instanceof OutboundFailed ? error.kind : String(error)),
  );

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.1.1', true],
    ['100.64.0.1', true],
    ['169.254.169.254', true],
    ['0.0.0.0', true],
    ['::', true],
    ['::1', true],
    ['fd00::1', true],
    ['fc00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a9fe:a9fe', true],
    ['64:ff9b::10.0.0.1', true],
    ['93.184.215.14', false],
    ['172.32.0.1', false],
    ['100.128.0.1', false],
    ['2606:4700::1111', false],
    ['::ffff:93.184.215.14', false],
  ])('%s → %s', (address, refused) => {
    expect(isPrivateAddress(address)).toBe(refused);
  });
});

describe('outboundRequest refuses private destinations unless allowed', () => {
  it.each([
    ['loopback', () => `http://127.0.0.1:${port}/`],
    ['loopback by name', () => `http://localhost:${port}/`],
    ['IPv6 loopback', () => `http://[::1]:${port}/`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}/`],
    ['private 10/8', () => 'http://10.0.0.1/'],
    ['private 192.168/16', () => 'http://192.168.0.10:5678/'],
    ['link-local', () => 'http://169.254.10.1/'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 link-local', () => 'http://[fe80::1]/'],
    ['IPv6 unique local', () => 'http://[fd12:3456::1]/'],
    ['unspecified', () => `http://0.0.0.0:${port}/`],
  ])('%s', async (_name, url) => {
    const before = vetted.hits.length;
    expect(await refusal(outboundRequest(url(), { method: 'GET' }))).toBe('address');
    expect(vetted.hits.length).toBe(before);
  });

  it('refuses a name any of whose addresses is private', async () => {
    const resolver: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    expect(await refusal(outboundRequest('https://n8n.example.com/', { method: 'GET' }, { resolver }))).toBe(
      'address',
    );
  });

  it('refuses other schemes and credentials in the URL', async () => {
    expect(await refusal(outboundRequest('ftp://example.com/', { method: 'GET' }))).toBe('scheme');
    expect(await refusal(outboundRequest('file:///etc/passwd', { method: 'GET' }))).toBe('scheme');
    expect(await refusal(outboundRequest('http://user:pw@example.com/', { method: 'GET' }))).toBe(
      'credentials',
    );
    expect(await refusal(outboundRequest('not a url', { method: 'GET' }))).toBe('url');
  });

  it('lets a private address through when the operator allows it', async () => {
    const response = await outboundRequest(
      `http://127.0.0.1:${port}/hello`,
      { method: 'GET' },
      { allowPrivate: true },
    );
    expect([response.status, response.body.toString()]).toEqual([200, 'vetted']);
  });
});

describe('outboundRequest connects to the address it checked', () => {
  it('ignores what a rebinding name answers after the check', async () => {
    // The name answers an allowed address once, then a refused one: a second lookup would reach "rebound".
    const answers = ['127.0.0.1', '127.0.0.2'];
    let lookups = 0;
    const resolver: Resolver = async () => [{ address: answers[Math.min(lookups++, 1)]!, family: 4 }];
    const options = { allowPrivate: true, resolver, isRefused: (address: string) => address !== '127.0.0.1' };
    const response = await outboundRequest(`http://rebinding.test:${port}/`, { method: 'GET' }, options);
    expect([response.body.toString(), response.address, lookups]).toEqual(['vetted', '127.0.0.1', 1]);
    expect(rebound.hits).toEqual([]);
    // Asked again, the name now answers the refused address: refused before anything is sent.
    expect(await refusal(outboundRequest(`http://rebinding.test:${port}/`, { method: 'GET' }, options))).toBe(
      'address',
    );
    expect(rebound.hits).toEqual([]);
  });

  it('follows no redirect, caps the answer and gives up at its deadline', async () => {
    const allow = { allowPrivate: true };
    expect(
      await failure(outboundRequest(`http://127.0.0.1:${port}/redirect`, { method: 'GET' }, allow)),
    ).toBe('redirect');
    expect(vetted.hits).not.toContain('/elsewhere');
    expect(
      await failure(
        outboundRequest(
          `http://127.0.0.1:${port}/big`,
          { method: 'GET' },
          { ...allow, maxResponseBytes: 1024 },
        ),
      ),
    ).toBe('too-large');
    expect(
      await failure(
        outboundRequest(`http://127.0.0.1:${port}/silent`, { method: 'GET' }, { ...allow, timeoutMs: 300 }),
      ),
    ).toBe('timeout');
  });
});

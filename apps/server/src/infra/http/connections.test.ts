import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';

let ctx: TestContext | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await ctx?.close();
  ctx = undefined;
});

async function listening(
  connections: Parameters<typeof createTestApp>[0] extends infer O
    ? O extends { app?: { connections?: infer C } }
      ? C
      : never
    : never,
) {
  ctx = await createTestApp({ app: { connections } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

/** A connection that opens and then sends nothing, as an idle attacker's would. */
function silentSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
    sockets.push(socket);
  });
}

/** A connection that asked for /api/health once and keeps the connection open (HTTP/1.1 keep-alive). */
function keptAliveSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n'),
    );
    socket.on('error', reject);
    socket.once('data', (chunk) => {
      expect(chunk.toString()).toMatch(/^HTTP\/1\.1 200/);
      resolve(socket);
    });
    sockets.push(socket);
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

function health(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject);
  });
}

function openConnections(): Promise<number> {
  return new Promise((resolve, reject) =>
    ctx!.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

describe('open connections', () => {
  it('stay under the cap with three times as many idle sockets, and /api/health still answers', async () => {
    const port = await listening({ maxConnections: 10, idleTimeoutMs: 600_000, keepAliveTimeoutMs: 600_000 });
    const kept = [];
    for (let i = 0; i < 5; i += 1) kept.push(await keptAliveSocket(port));
    const silent = [];
    for (let i = 0; i < 25; i += 1) silent.push(await silentSocket(port));

    expect(await health(port)).toBe(200);
    expect(await openConnections()).toBeLessThanOrEqual(10);
    // 31 connections for 10 places: the 21 idle the longest were closed, kept-alive ones first.
    await Promise.all([...kept, ...silent.slice(0, 16)].map(closed));
    expect(silent.slice(16).every((socket) => !socket.destroyed && !socket.readableEnded)).toBe(true);
    expect(await health(port)).toBe(200);
  });

  it('close a kept-alive connection and one that never sends a request once they have been idle long enough', async () => {
    const port = await listening({ maxConnections: 100, keepAliveTimeoutMs: 50, idleTimeoutMs: 100 });
    const kept = await keptAliveSocket(port);
    const silent = await silentSocket(port);
    await Promise.all([closed(kept), closed(silent)]);
    expect(await openConnections()).toBe(0);
    expect(await health(port)).toBe(200);
  });
});

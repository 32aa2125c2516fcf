import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from './test/server-process.ts';

const EMAIL = 'kept-through-shutdown@example.test';
/** "Within a few seconds": the grace for requests in flight plus closing the database. */
const SHUTDOWN_BUDGET_MS = 8_000;

function signUp(server: ServerProcess) {
  return fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: EMAIL, password: 'correct horse battery' }),
  });
}

/** `promise`, or a failure naming what never happened (a hang fails the test instead of timing it out). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** A client that sends half of a request body and then stalls: a request the server can never finish. */
async function stalledRequest(server: ServerProcess): Promise<{ socket: Socket; closed: Promise<void> }> {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  // Read whatever comes back, so the server's FIN is seen and 'close' follows (a paused socket never ends).
  socket.resume();
  socket.write(
    'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 4096\r\n\r\n{"name":"Slow',
  );
  return { socket, closed };
}

describe('SIGTERM', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'flowbay-shutdown-'));
  });
  afterAll(async () => {
    if (server?.isRunning()) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the server within seconds while requests are in flight, closes the database cleanly, and a restart has the data', async () => {
    server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await server.ready();
    const acknowledged = await signUp(server);
    expect(acknowledged.status).toBe(200);

    const stalled = await stalledRequest(server);
    // Requests on their way in when the signal arrives.
    const inFlight = Array.from({ length: 8 }, (_, index) =>
      fetch(`${server!.url}/api/${index % 2 ? 'health' : 'workflows'}`).then(
        (response) => response.status,
        () => 'refused',
      ),
    );
    const started = performance.now();
    server.child.kill('SIGTERM');
    const exit = await Promise.race([
      server.exited,
      new Promise<'still running'>((resolve) =>
        setTimeout(() => resolve('still running'), SHUTDOWN_BUDGET_MS),
      ),
    ]);
    const tookMs = performance.now() - started;

    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(SHUTDOWN_BUDGET_MS);
    console.info(`SIGTERM with a stalled request and 8 in flight: exited 0 after ${Math.round(tookMs)} ms`);
    expect(server.output()).toContain('shutting down');
    await within(stalled.closed, 15_000, 'the stalled connection was never closed');
    // Each was answered (200, or Fastify's 503 for a request that arrived while closing) or refused once
    // the server stopped listening; none was left hanging.
    for (const status of await within(Promise.all(inFlight), 15_000, 'a request in flight never ended'))
      expect([200, 503, 'refused']).toContain(status);
    // A clean close releases the embedded database's lock.
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);

    // A restart on the same folder works and has the acknowledged write.
    server = await spawnServer({ DATA_DIR: dataDir });
    await server.ready();
    const again = await signUp(server);
    expect(again.status).toBe(422);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('USER_ALREADY_EXISTS');
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 400_000);
});

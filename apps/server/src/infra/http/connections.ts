import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Open connections at most; past it the longest-idle one is closed to make room (or the new one refused). */
  maxConnections: number;
  /** A keep-alive connection idle this long after its last answer is closed. */
  keepAliveTimeoutMs: number;
  /** A connection that sends and receives nothing this long (one that never sends a request) is closed. */
  idleTimeoutMs: number;
  /** The request's headers must have arrived this long after it started. */
  headersTimeoutMs: number;
  /** The whole request (a 5 MB upload on a slow line included) must have arrived within this. */
  requestTimeoutMs: number;
}

/** File descriptors kept for everything else: the database pool, files being read or written, logs. */
const RESERVED_DESCRIPTORS = 256;

/** The process's soft limit on open files (Linux), or null where it cannot be read. */
function openFilesLimit(): number | null {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (!line || line[1] === 'unlimited') return null;
    return Number(line[1]);
  } catch {
    return null;
  }
}

/** What a server uses unless told otherwise: room for real clients without running out of descriptors. */
export function defaultConnectionLimits(): ConnectionLimits {
  const descriptors = openFilesLimit() ?? 1024;
  return {
    maxConnections: Math.max(64, Math.min(10_000, descriptors - RESERVED_DESCRIPTORS)),
    keepAliveTimeoutMs: 5_000,
    idleTimeoutMs: 30_000,
    headersTimeoutMs: 15_000,
    requestTimeoutMs: 120_000,
  };
}

/**
 * Keeps the number of open connections under `maxConnections`. Node's own `server.maxConnections`
 * refuses every new connection once the cap is reached, so thousands of idle sockets would lock real
 * clients out; here a new connection first closes the connection that has been idle the longest (no
 * request in flight), and is refused only when every open connection is busy.
 */
export function capConnections(server: Server, limits: ConnectionLimits) {
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.setTimeout(limits.idleTimeoutMs);
  // Oldest activity first: a socket moves to the end when its last request ends.
  const open = new Map<Socket, { inFlight: number }>();

  server.on('connection', (socket: Socket) => {
    if (open.size >= limits.maxConnections && !closeLongestIdle(open)) {
      socket.destroy();
      return;
    }
    open.set(socket, { inFlight: 0 });
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (request, response) => {
    const state = open.get(request.socket);
    if (!state) return;
    state.inFlight += 1;
    response.once('close', () => {
      state.inFlight -= 1;
      if (!open.has(request.socket)) return;
      open.delete(request.socket);
      open.set(request.socket, state);
    });
  });
}

function closeLongestIdle(open: Map<Socket, { inFlight: number }>): boolean {
  for (const [socket, state] of open) {
    if (state.inFlight > 0) continue;
    open.delete(socket);
    socket.destroy();
    return true;
  }
  return false;
}

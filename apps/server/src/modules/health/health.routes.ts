import type { FastifyInstance } from 'fastify';
import { pendingMigrations, ping, type DatabaseHandle } from '../../db/client.ts';
import { contractRoutes } from '../../lib/contract-routes.ts';

/** How long readiness waits for the database before it says "unreachable". */
export const READY_TIMEOUT_MS = 2_000;

type Check = 'ok' | 'unreachable' | 'timeout' | 'pending' | 'unknown';

/** `work`, or `'timeout'` when it takes longer than `ms`. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the database answers and holds every migration this build ships. */
export async function readiness(database: DatabaseHandle, timeoutMs = READY_TIMEOUT_MS) {
  const checks: { database: Check; migrations: Check } = { database: 'unknown', migrations: 'unknown' };
  let pending: string[] = [];
  try {
    const answered = await within(timeoutMs, ping(database.db));
    checks.database = answered === 'timeout' ? 'timeout' : 'ok';
  } catch {
    checks.database = 'unreachable';
  }
  if (checks.database === 'ok') {
    try {
      const found = await within(timeoutMs, pendingMigrations(database.db));
      if (found === 'timeout') checks.migrations = 'timeout';
      else {
        pending = found;
        checks.migrations = found.length === 0 ? 'ok' : 'pending';
      }
    } catch {
      checks.migrations = 'unknown';
    }
  }
  const ready = checks.database === 'ok' && checks.migrations === 'ok';
  return { ready, checks, pending };
}

/**
 * `/api/health` (liveness): the process is up and answers; it asks nothing of the database, so a
 * database outage never gets the process restarted. `/api/ready` (readiness): 200 only when the
 * database answers and has every migration of this build, else 503 naming the check that failed.
 */
export async function healthRoutes(root: FastifyInstance, { database }: { database: DatabaseHandle }) {
  contractRoutes(root, {
    tags: ['system'],
    access: { kind: 'public', reason: 'load balancers and monitors ask it' },
  })('GET /api/health', {
    errors: [500],
    handler: () => ({ status: 'ok' as const, database: database.kind }),
  });

  // A probe for load balancers and orchestrators, not part of the API the web app calls.
  const probe = { kind: 'public' as const, reason: 'load balancers and orchestrators ask it' };
  root.get('/api/ready', { schema: { hide: true }, config: { access: probe } }, async (_request, reply) => {
    const { ready, checks, pending } = await readiness(database);
    reply.header('cache-control', 'no-store');
    if (ready) return { status: 'ready', checks };
    return reply.code(503).send({
      status: 'not_ready',
      checks,
      ...(pending.length > 0 ? { pending_migrations: pending } : {}),
    });
  });
}

import type { FastifyInstance } from 'fastify';
import { ping, type DatabaseHandle } from '../../db/client.ts';
import { contractRoutes } from '../../lib/contract-routes.ts';

export async function healthRoutes(root: FastifyInstance, { database }: { database: DatabaseHandle }) {
  contractRoutes(root, {
    tags: ['system'],
    access: { kind: 'public', reason: 'load balancers and monitors ask it' },
  })('GET /api/health', {
    errors: [500, 503],
    // Without the database this throws, and the error handler answers 503 DATABASE_UNAVAILABLE.
    handler: async () => {
      await ping(database.db);
      return { status: 'ok' as const, database: database.kind };
    },
  });
}

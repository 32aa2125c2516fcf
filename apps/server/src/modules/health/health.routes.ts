import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError, Health } from '@flowbay/domain';
import { ping, type DatabaseHandle } from '../../db/client.ts';

export async function healthRoutes(root: FastifyInstance, { database }: { database: DatabaseHandle }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: Health, 500: ApiError, 503: ApiError } } },
    // Without the database this throws, and the error handler answers 503 DATABASE_UNAVAILABLE.
    async () => {
      await ping(database.db);
      return { status: 'ok' as const, database: database.kind };
    },
  );
}

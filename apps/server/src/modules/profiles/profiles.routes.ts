import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, PublicProfile } from '@flowbay/domain';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { createProfilesRepository } from './profiles.repository.ts';

export async function publicProfileRoutes(root: FastifyInstance, { db }: { db: Database }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const profiles = createProfilesRepository(db);

  app.get(
    '/api/profile/:id',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Public profile (never the e-mail)',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: PublicProfile, 404: ApiError },
      },
    },
    async (request) => {
      const row = await profiles.findPublic(request.params.id);
      if (!row) throw notFound('PROFILE_NOT_FOUND', 'Profile not found');
      return {
        id: row.id,
        full_name: row.name || null,
        display_name: row.displayName,
        avatar_url: row.image,
        created_at: row.createdAt.toISOString(),
        workflow_count: Number(row.workflowCount),
        total_nodes: Number(row.totalNodes),
        bio: row.bio,
        links: row.links,
        total_favorites: Number(row.totalFavorites),
      };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ProfileUpdate, type OwnProfile } from '@flowbay/domain';
import { contractRoutes } from '../../lib/contract-routes.ts';
import { invalid, notFound, unauthenticated } from '../../lib/errors.ts';
import { isSignedIn } from '../../infra/request-viewer.ts';
import type { Events } from '../../infra/events/events.ts';
import type { OwnProfileRow, ProfileChanges, ProfilesRepository } from './profiles.repository.ts';

export function toOwnProfile(row: OwnProfileRow): OwnProfile {
  return {
    id: row.id,
    email: row.email,
    full_name: row.name || null,
    display_name: row.displayName,
    avatar_url: row.image,
    role: row.role,
    locale: row.locale,
    email_verified: row.emailVerified,
    created_at: row.createdAt.toISOString(),
    bio: row.bio,
    links: row.links,
    has_password: Boolean(row.hasPassword),
  };
}

/**
 * The caller's own profile (`/api/profile/me`) and anybody's public one (`/api/profile/:id`).
 * Static paths win over `/api/profile/:id` in Fastify's router.
 */
export async function profilesRoutes(
  root: FastifyInstance,
  { profiles, events }: { profiles: ProfilesRepository; events: Pick<Events, 'emit'> },
) {
  const route = contractRoutes(root, { tags: ['profiles'], access: 'signed-in' });

  route('GET /api/profile/me', {
    summary: 'Own profile, with the e-mail (one object)',
    errors: [401],
    handler: async (request) => {
      if (!isSignedIn(request.viewer)) throw unauthenticated();
      const row = await profiles.findOwn(request.viewer.id);
      if (!row) throw unauthenticated();
      return toOwnProfile(row);
    },
  });

  route('PUT /api/profile/me', {
    summary:
      'Update own profile (full name, display name, e-mail language, bio, up to three links); the e-mail is read-only and the avatar is uploaded',
    body: ProfileUpdate.extend({ email: z.unknown().optional(), avatar_url: z.unknown().optional() }),
    errors: [400, 401, 404],
    handler: async (request) => {
      if (!isSignedIn(request.viewer)) throw unauthenticated();
      const body = request.body;
      if (body.email !== undefined) throw invalid('email', 'The e-mail address cannot be changed here.');
      if (body.avatar_url !== undefined)
        throw invalid('avatar_url', 'Upload an image with POST /api/profile/me/avatar instead.');
      const changes: ProfileChanges = {};
      if (body.full_name !== undefined) changes.name = body.full_name ?? '';
      if (body.display_name !== undefined) changes.displayName = body.display_name || null;
      if (body.locale !== undefined) changes.locale = body.locale;
      if (body.bio !== undefined) changes.bio = body.bio || null;
      if (body.links !== undefined) changes.links = body.links;
      const row =
        Object.keys(changes).length > 0
          ? await profiles.update(request.viewer.id, changes)
          : await profiles.findOwn(request.viewer.id);
      if (!row) throw notFound('PROFILE_NOT_FOUND', 'Profile not found');
      // An author's name is on their cards.
      await events.emit(null, 'profile.changed', { userId: request.viewer.id });
      return toOwnProfile(row);
    },
  });

  route('GET /api/profile/:id', {
    summary: 'Public profile (never the e-mail)',
    access: { kind: 'public', reason: 'public profiles, never the e-mail' },
    params: z.object({ id: z.string().min(1).max(64) }),
    errors: [404],
    handler: async (request) => {
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
  });
}

import { defineModule, route } from '../../lib/modules.ts';
import { createProfilesRepository, type ProfilesRepository } from './profiles.repository.ts';
import { profilesRoutes } from './profiles.routes.ts';

declare module '../../lib/modules.ts' {
  interface Provided {
    /** Own and public profiles (accounts and the web pages read them). */
    profiles: ProfilesRepository;
  }
}

/** `/api/profile/me` and `/api/profile/:id`. */
export const profilesModule = defineModule({
  name: 'profiles',
  needs: ['db', 'events'],
  provides: ['profiles'],
  build: ({ db }) => ({ profiles: createProfilesRepository(db) }),
  routes: ({ profiles, events }) => [route(profilesRoutes, { profiles, events })],
});

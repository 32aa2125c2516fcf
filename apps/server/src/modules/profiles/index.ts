/** Profiles, public and own: what accounts (avatar, deletion, export) use from here. */
export {
  createProfilesRepository,
  type OwnProfileRow,
  type ProfileChanges,
  type ProfilesRepository,
} from './profiles.repository.ts';
export { toOwnProfile } from './profiles.routes.ts';

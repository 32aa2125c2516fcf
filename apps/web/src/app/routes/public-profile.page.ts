import { definePage } from '../page';

/** The profile's shown name, or null when there is no such profile. */
export const page = definePage<{ name: string } | null>({
  file: 'public-profile',
  head: (text, profile) =>
    profile
      ? { title: profile.name, description: text('profile.metaDescription', { name: profile.name }) }
      : { title: text('profile.notFoundTitle'), description: text('notFound.subtitle') },
});

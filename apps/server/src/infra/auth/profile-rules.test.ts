import { describe, expect, it } from 'vitest';
import { FULL_NAME_MAX } from '@flowbay/domain';
import { normalizeStoredProfile, profileViolation } from './profile-rules.ts';

describe('normalizeStoredProfile (a profile from Google or any other path)', () => {
  it('cuts a long name, removes control characters and drops a non-http(s) picture', () => {
    expect(
      normalizeStoredProfile({
        email: 'someone@example.test',
        name: `  Ana\u0000 ${'n'.repeat(500)}`,
        image: 'javascript:alert(1)',
      }),
    ).toEqual({ email: 'someone@example.test', name: `Ana ${'n'.repeat(FULL_NAME_MAX - 4)}`, image: null });
  });

  it('removes bidi controls from a name Google brings (a reversed "nimda" reads "admin")', () => {
    expect(normalizeStoredProfile({ name: '\u2066Lan \u202Enimda\u202C\u2069' })).toEqual({
      name: 'Lan nimda',
    });
  });

  it('keeps a profile within the rules as it is, and fields that are not being written', () => {
    expect(normalizeStoredProfile({ name: 'Bình Trần', image: 'https://lh3.example.test/a.png' })).toEqual({
      name: 'Bình Trần',
      image: 'https://lh3.example.test/a.png',
    });
    expect(normalizeStoredProfile({ locale: 'vi' })).toEqual({ locale: 'vi' });
  });
});

describe('profileViolation', () => {
  it('names the first field that breaks the rules', () => {
    expect(profileViolation({ name: 'x'.repeat(FULL_NAME_MAX + 1) })).toMatchObject({ field: 'name' });
    expect(profileViolation({ image: 'data:text/html,hi' })).toMatchObject({ field: 'image' });
    // An avatar is uploaded (POST /api/profile/me/avatar), never typed in as an address.
    expect(profileViolation({ image: 'https://example.test/a.png' })).toMatchObject({ field: 'image' });
    expect(profileViolation({ name: 'Ana', image: null, email: 'a@b.c' })).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIO_MAX, FULL_NAME_MAX, URL_MAX } from '@flowbay/domain';
import { user as userTable } from '../../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import {
  readOutbox,
  signedInUser,
  signUpAndVerify,
  uniqueAddress,
  type TestSession,
} from '../../test/auth.ts';

const ctx = useTestApp();
let ana: TestSession;
let binh: TestSession;

beforeAll(async () => {
  ana = await signUpAndVerify(ctx, { email: 'ana@example.test' });
  binh = await signedInUser(ctx, { email: 'binh@example.test', name: 'Bình' });
});

function put(headers: Record<string, string>, payload: unknown) {
  return ctx.app.inject({ method: 'PUT', url: '/api/profile/me', headers, payload: payload as object });
}

describe('GET /api/profile/me', () => {
  it('answers one object with the owner’s e-mail, role and language', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/profile/me', headers: ana.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: ana.user.id,
      email: 'ana@example.test',
      // Sign-up without a name starts from the e-mail's local part, as the form prefills it.
      full_name: 'ana',
      display_name: null,
      avatar_url: null,
      role: 'user',
      locale: 'en',
      email_verified: true,
      created_at: expect.any(String),
      bio: null,
      links: [],
      has_password: true,
    });
  });

  it('anonymous cannot read it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/profile/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('does not shadow the public profile route, which never shows the e-mail', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/profile/${ana.user.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(ana.user.id);
    expect(response.body).not.toContain('ana@example.test');
  });
});

describe('PUT /api/profile/me', () => {
  it('updates the full name, display name, language, bio and links, and answers the updated profile', async () => {
    const links = ['https://ana.example.test', 'http://github.example.test/ana'];
    const response = await put(ana.bearerHeaders, {
      full_name: '  Ana Nguyễn  ',
      display_name: 'ana.n',
      locale: 'vi',
      bio: '  Tự động hoá cho cửa hàng nhỏ.\nn8n since 2021.  ',
      links,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      full_name: 'Ana Nguyễn',
      display_name: 'ana.n',
      locale: 'vi',
      email: 'ana@example.test',
      bio: 'Tự động hoá cho cửa hàng nhỏ.\nn8n since 2021.',
      links,
    });
    const publicProfile = await ctx.app.inject({ method: 'GET', url: `/api/profile/${ana.user.id}` });
    expect(publicProfile.json()).toMatchObject({
      full_name: 'Ana Nguyễn',
      bio: 'Tự động hoá cho cửa hàng nhỏ.\nn8n since 2021.',
      links,
    });
  });

  it('sends later e-mails in the language chosen here', async () => {
    const session = await signUpAndVerify(ctx);
    expect((await put(session.headers, { locale: 'vi' })).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: session.user.email, redirectTo: '/reset-password' },
      remoteAddress: uniqueAddress(),
    });
    await ctx.app.jobs.runDue(); // the reset e-mail is sent by a job
    expect(readOutbox(ctx, session.user.email).at(-1)!.subject).toBe('Đặt lại mật khẩu Flowbay');
  });

  it('clears the bio and links with an empty value, and leaves fields that are not sent alone', async () => {
    await put(ana.headers, { bio: 'Short bio', links: ['https://ana.example.test'] });
    const cleared = await put(ana.headers, { bio: '', links: [] });
    expect(cleared.json()).toMatchObject({ bio: null, links: [], full_name: 'Ana Nguyễn' });
  });

  it.each([
    ['a javascript: avatar', { avatar_url: 'javascript:alert(1)' }, 'avatar_url'],
    ['a data: avatar', { avatar_url: 'data:image/png;base64,AAAA' }, 'avatar_url'],
    ['a relative avatar', { avatar_url: '/me.png' }, 'avatar_url'],
    [
      'an avatar URL that is too long',
      { avatar_url: `https://example.test/${'a'.repeat(URL_MAX)}` },
      'avatar_url',
    ],
    ['a full name that is too long', { full_name: 'n'.repeat(FULL_NAME_MAX + 1) }, 'full_name'],
    ['an unknown language', { locale: 'fr' }, 'locale'],
    ['a full name that is not a string', { full_name: 42 }, 'full_name'],
    ['a full name with a NUL byte', { full_name: 'Ana\u0000Nguyễn' }, 'full_name'],
    ['a display name with a control character', { display_name: 'Ana\u001b[31m' }, 'display_name'],
    ['an e-mail (read-only)', { email: 'new@example.test' }, 'email'],
    [
      'a typed-in avatar address (avatars are uploaded)',
      { avatar_url: 'https://example.test/a.png' },
      'avatar_url',
    ],
    ['a bio over 500 characters', { bio: 'b'.repeat(BIO_MAX + 1) }, 'bio'],
    ['a bio with a control character', { bio: 'hi\u0007' }, 'bio'],
    [
      'four links',
      { links: ['https://a.test', 'https://b.test', 'https://c.test', 'https://d.test'] },
      'links',
    ],
    ['a javascript: link', { links: ['javascript:alert(1)'] }, 'links.0'],
    ['a link that is too long', { links: [`https://example.test/${'a'.repeat(URL_MAX)}`] }, 'links.0'],
  ])('rejects %s with 400 VALIDATION_FAILED on that field', async (_label, payload, field) => {
    const response = await put(ana.headers, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/profile/me', headers: ana.headers });
    expect(me.json().email).toBe('ana@example.test');
  });

  it('anonymous cannot update a profile', async () => {
    const response = await put({}, { full_name: 'Nobody' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('another user cannot update someone else’s profile: /me is always the caller, and there is no PUT by id', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/profile/me', headers: ana.headers });
    const own = await put(binh.headers, { full_name: 'Bình Trần', id: ana.user.id });
    expect(own.statusCode).toBe(200);
    expect(own.json().id).toBe(binh.user.id);
    const byId = await ctx.app.inject({
      method: 'PUT',
      url: `/api/profile/${ana.user.id}`,
      headers: binh.headers,
      payload: { full_name: 'Hijacked' },
    });
    expect(byId.statusCode).toBe(404);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/profile/me', headers: ana.headers });
    expect(after.json()).toEqual(before.json());
  });
});

/** What must never reach a profile, whichever endpoint writes it. */
const REFUSED_PROFILES: [string, Record<string, unknown>, string][] = [
  ['a 1,000,000-character name', { name: 'n'.repeat(1_000_000) }, 'name'],
  ['a name one character over the limit', { name: 'n'.repeat(FULL_NAME_MAX + 1) }, 'name'],
  ['a name with a NUL byte', { name: 'Ana\u0000Nguyễn' }, 'name'],
  ['a name with a control character', { name: 'Ana\u0007' }, 'name'],
  ['a javascript: avatar', { image: 'javascript:alert(document.cookie)' }, 'image'],
  ['a data: avatar', { image: 'data:text/html;base64,PHNjcmlwdD4=' }, 'image'],
  ['an avatar URL that is too long', { image: `https://example.test/${'a'.repeat(URL_MAX)}` }, 'image'],
  [
    'a typed-in avatar address (avatars are uploaded)',
    { image: 'https://images.example.test/me.png' },
    'image',
  ],
];

/** A NUL byte is refused before Better Auth reads the body, with its own message (infra/http/nul-bytes.ts). */
const hasNul = (fields: Record<string, unknown>) =>
  Object.values(fields).some((value) => String(value).includes('\u0000'));

/** The 400 a refused profile field gets: the NUL message when the fields hold one, else the general one. */
function expectFieldRefused(
  response: { statusCode: number; body: string; json(): { error: unknown } },
  [fields, field]: [Record<string, unknown>, string],
  messages: { nul: string; invalid: string },
) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
  expect(response.json().error).toEqual({
    code: 'VALIDATION_FAILED',
    message: hasNul(fields) ? messages.nul : messages.invalid,
    field,
  });
}

describe('Better Auth endpoints keep the profile rules of PUT /api/profile/me', () => {
  it.each(REFUSED_PROFILES)(
    'sign-up refuses %s with 400 VALIDATION_FAILED on that field, and creates no account',
    async (_label, fields, field) => {
      const email = `refused-${field}-${Math.random().toString(36).slice(2, 10)}@example.test`;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: uniqueAddress(),
        headers: { 'accept-language': 'vi' },
        payload: { email, password: 'correct horse battery', ...fields },
      });
      expectFieldRefused(response, [fields, field], {
        nul: 'Văn bản không được chứa ký tự NUL.',
        invalid: 'Một số dữ liệu gửi lên không hợp lệ.',
      });
      expect(readOutbox(ctx, email)).toEqual([]);
      const [stored] = await ctx.db.select().from(userTable).where(eq(userTable.email, email));
      expect(stored).toBeUndefined();
    },
  );

  it('sign-up still accepts a name within the rules', async () => {
    const email = `kept-${Math.random().toString(36).slice(2, 10)}@example.test`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: uniqueAddress(),
      payload: {
        email,
        password: 'correct horse battery',
        name: 'n'.repeat(FULL_NAME_MAX),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await ctx.db.select().from(userTable).where(eq(userTable.email, email));
    expect(stored).toMatchObject({ name: 'n'.repeat(FULL_NAME_MAX), image: null });
  });

  it.each(REFUSED_PROFILES)(
    'update-user refuses %s with 400 VALIDATION_FAILED on that field, and changes nothing',
    async (_label, fields, field) => {
      const before = await ctx.app.inject({ method: 'GET', url: '/api/profile/me', headers: binh.headers });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { ...binh.headers, origin: 'http://localhost:3000' },
        payload: fields,
      });
      expectFieldRefused(response, [fields, field], {
        nul: 'Text may not contain the NUL character.',
        invalid: 'Some of the data sent is not valid.',
      });
      const after = await ctx.app.inject({ method: 'GET', url: '/api/profile/me', headers: binh.headers });
      expect(after.json()).toEqual(before.json());
    },
  );

  it('update-user still changes the name within the rules, as PUT /api/profile/me shows', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...binh.bearerHeaders },
      payload: { name: 'Bình Trần' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/profile/me', headers: binh.headers });
    expect(me.json()).toMatchObject({ full_name: 'Bình Trần', avatar_url: null });
  });
});

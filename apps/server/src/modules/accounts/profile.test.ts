import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_NAME_MAX, URL_MAX } from '@flowbay/domain';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { readOutbox, signInAs, signUpAndVerify, uniqueAddress, type TestSession } from '../../test/auth.ts';
import { createUser } from '../../test/factories.ts';

let ctx: TestContext;
let ana: TestSession;
let binh: TestSession;

beforeAll(async () => {
  ctx = await createTestApp();
  ana = await signUpAndVerify(ctx, { email: 'ana@example.test' });
  binh = await signInAs(ctx, await createUser(ctx.db, { email: 'binh@example.test', name: 'Bình' }));
});
afterAll(async () => {
  await ctx?.close();
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
      full_name: null,
      display_name: null,
      avatar_url: null,
      role: 'user',
      locale: 'en',
      email_verified: true,
      created_at: expect.any(String),
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
  it('updates the full name, display name, avatar and language, and answers the updated profile', async () => {
    const response = await put(ana.bearerHeaders, {
      full_name: '  Ana Nguyễn  ',
      display_name: 'ana.n',
      avatar_url: 'https://images.example.test/ana.png',
      locale: 'vi',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      full_name: 'Ana Nguyễn',
      display_name: 'ana.n',
      avatar_url: 'https://images.example.test/ana.png',
      locale: 'vi',
      email: 'ana@example.test',
    });
    const publicProfile = await ctx.app.inject({ method: 'GET', url: `/api/profile/${ana.user.id}` });
    expect(publicProfile.json()).toMatchObject({
      full_name: 'Ana Nguyễn',
      avatar_url: 'https://images.example.test/ana.png',
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
    expect(readOutbox(ctx, session.user.email).at(-1)!.subject).toBe('Đặt lại mật khẩu Flowbay');
  });

  it('clears the avatar with an empty string or null, and leaves fields that are not sent alone', async () => {
    await put(ana.headers, { avatar_url: 'http://images.example.test/a.png' });
    const cleared = await put(ana.headers, { avatar_url: '' });
    expect(cleared.json().avatar_url).toBeNull();
    expect(cleared.json().full_name).toBe('Ana Nguyễn');
    await put(ana.headers, { avatar_url: 'http://images.example.test/a.png' });
    expect((await put(ana.headers, { avatar_url: null })).json().avatar_url).toBeNull();
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
    ['an e-mail (read-only)', { email: 'new@example.test' }, 'email'],
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

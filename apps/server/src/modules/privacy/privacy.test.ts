import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { consents, dataRequests, user as userTable } from '../../db/schema.ts';
import { runDueJobs, useTestApp } from '../../test/app.ts';
import {
  authPost,
  linkPath,
  readOutbox,
  sessionCaller,
  signedInUser,
  signUpAndVerify,
  TEST_PASSWORD,
  uniqueAddress,
  type TestSession,
} from '../../test/auth.ts';
import { manualClock } from '../../test/payments.ts';
import { gatewayApp } from '../../test/selling.ts';
import { pseudonymousAddress } from './privacy.listeners.ts';

const HOUR = 60 * 60 * 1000;
const clock = manualClock(new Date('2026-11-29T03:00:00Z'));
const ctx = useTestApp(gatewayApp(clock));
const call = sessionCaller(() => ctx);
const runJobs = () => runDueJobs(ctx, clock);

// Each request from an address of its own: the route's per-client limit bites only where a test means it.
const ask = (session: TestSession | null, payload: unknown, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/me/privacy-requests',
    remoteAddress: uniqueAddress(),
    headers: { ...(session?.headers ?? {}), 'accept-language': lang },
    payload: payload as object,
  });
const requestRows = (userId: string) =>
  ctx.db.select().from(dataRequests).where(eq(dataRequests.userId, userId));

describe('sign-up consents', () => {
  const signUp = (email: string, extra: object) =>
    authPost(ctx, '/sign-up/email', { email, password: TEST_PASSWORD, ...extra });
  const consentRows = async (email: string) => {
    const [row] = await ctx.db.select().from(userTable).where(eq(userTable.email, email));
    return ctx.db.select().from(consents).where(eq(consents.userId, row!.id));
  };

  it('records exactly the optional purposes ticked, with the time, wording version and language', async () => {
    const email = `consenting-${uniqueAddress()}@example.test`;
    const response = await signUp(email, { locale: 'vi', consents: ['workflow_update', 'new_listing'] });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await consentRows(email);
    expect(
      rows.map((row) => [row.purpose, row.granted, row.source, row.language, row.textVersion]).sort(),
    ).toEqual([
      ['new_listing', true, 'sign_up', 'vi', '2026-11-29'],
      ['workflow_update', true, 'sign_up', 'vi', '2026-11-29'],
    ]);
    expect(rows.every((row) => row.createdAt.getTime() === clock.now().getTime())).toBe(true);
  });

  it('records nothing when no box is ticked (silence is no consent)', async () => {
    const email = `silent-${uniqueAddress()}@example.test`;
    expect((await signUp(email, {})).statusCode).toBe(200);
    expect(await consentRows(email)).toEqual([]);
    const other = `empty-${uniqueAddress()}@example.test`;
    expect((await signUp(other, { consents: [] })).statusCode).toBe(200);
    expect(await consentRows(other)).toEqual([]);
  });

  it('refuses an unknown purpose and makes no account', async () => {
    const email = `odd-${uniqueAddress()}@example.test`;
    for (const consentsField of [
      ['sale'],
      'marketing',
      [1],
      ['marketing', 'marketing', 'marketing', 'new_listing'],
    ]) {
      const response = await signUp(email, { consents: consentsField });
      expect([response.statusCode, response.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await ctx.db.select().from(userTable).where(eq(userTable.email, email))).toEqual([]);
  });

  it('a repeated sign-up of an existing address records nothing more', async () => {
    const email = `twice-${uniqueAddress()}@example.test`;
    expect((await signUp(email, { consents: ['marketing'] })).statusCode).toBe(200);
    const again = await signUp(email, { consents: ['marketing', 'new_listing'] });
    expect(again.statusCode).toBe(422);
    expect((await consentRows(email)).map((row) => row.purpose)).toEqual(['marketing']);
  });
});

describe('data requests of the user', () => {
  it('creates a correction, restriction or objection due in 72 hours, lists only the caller’s own', async () => {
    const one = await signedInUser(ctx, { locale: 'vi' });
    const other = await signedInUser(ctx);
    const created = await ask(
      one,
      { kind: 'correction', details: 'Tên của tôi bị viết sai chính tả.' },
      'vi',
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      kind: 'correction',
      status: 'open',
      answer: null,
      due_at: new Date(clock.now().getTime() + 72 * HOUR).toISOString(),
    });
    expect((await ask(other, { kind: 'objection', details: 'I object to profiling.' })).statusCode).toBe(201);
    const mine = (await call('GET', '/api/me/privacy-requests', one)).json();
    expect(mine.requests.map((r: { kind: string }) => r.kind)).toEqual(['correction']);
    const [row] = await requestRows(one.user.id);
    expect(row).toMatchObject({ requesterEmail: one.user.email, language: 'vi' });
  });

  it('refuses bad input with a stable code and writes nothing', async () => {
    const session = await signedInUser(ctx);
    const cases: [unknown, string][] = [
      [{ kind: 'correction', details: '' }, 'details'],
      [{ kind: 'correction', details: '   short  ' }, 'details'],
      [{ kind: 'correction', details: 'x'.repeat(4001) }, 'details'],
      [{ kind: 'deletion', details: 'Please delete everything about me.' }, 'kind'],
      [{ kind: 'teleport', details: 'Please move my data to the moon.' }, 'kind'],
      [{ details: 'No kind given at all here.' }, 'kind'],
    ];
    for (const [payload, field] of cases) {
      const response = await ask(session, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    const nul = await ask(session, { kind: 'objection', details: 'I object\u0000 to this processing.' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.code).toBe('VALIDATION_FAILED');
    expect(await requestRows(session.user.id)).toEqual([]);
  });

  it('refuses the anonymous caller', async () => {
    for (const response of [
      await call('GET', '/api/me/privacy-requests', null),
      await ask(null, { kind: 'objection', details: 'I object to this processing.' }),
    ]) {
      expect([response.statusCode, response.json().error.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });
});

describe('the administrators’ queue', () => {
  it('lists overdue requests first, answers once, and e-mails the answer in the requester’s language', async () => {
    const admin = await signedInUser(ctx, { role: 'admin' });
    const early = await signUpAndVerify(ctx, { locale: 'vi' });
    const late = await signUpAndVerify(ctx, { locale: 'en' });
    const first = (
      await ask(early, { kind: 'restriction', details: 'Đừng dùng dữ liệu của tôi để gợi ý.' }, 'vi')
    ).json();
    clock.advance(71 * HOUR);
    const second = (
      await ask(late, { kind: 'objection', details: 'I object to the follow suggestions.' })
    ).json();
    clock.advance(2 * HOUR);

    const queue = await call('GET', '/api/admin/privacy-requests?status=open', admin);
    expect(queue.statusCode, queue.body).toBe(200);
    const ids = queue.json().requests.map((r: { id: string }) => r.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const flagged = queue.json().requests.filter((r: { id: string }) => [first.id, second.id].includes(r.id));
    expect(flagged.map((r: { overdue: boolean }) => r.overdue)).toEqual([true, false]);
    expect(flagged[0]).toMatchObject({ requester_email: early.user.email, language: 'vi' });

    const answered = await call('POST', `/api/admin/privacy-requests/${first.id}/answer`, admin, {
      status: 'done',
      answer: 'Chúng tôi đã ngừng dùng dữ liệu của bạn để gợi ý.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'done', answered_by: admin.user.id, overdue: false });
    await runJobs();
    const mail = readOutbox(ctx, early.user.email).at(-1)!;
    expect(mail.subject).toContain('Trả lời yêu cầu');
    expect(mail.text).toContain('Chúng tôi đã ngừng dùng dữ liệu của bạn để gợi ý.');

    const refused = await call('POST', `/api/admin/privacy-requests/${second.id}/answer`, admin, {
      status: 'refused',
      answer: 'We need this data to keep your purchases.',
    });
    expect(refused.statusCode).toBe(200);
    await runJobs();
    const english = readOutbox(ctx, late.user.email).at(-1)!;
    expect(english.subject).toContain('Our answer to your request');
    expect(english.text).toContain('We could not carry out your request');

    // The record keeps its first answer; the user sees it.
    const again = await call('POST', `/api/admin/privacy-requests/${first.id}/answer`, admin, {
      status: 'refused',
      answer: 'Changed my mind.',
    });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'PRIVACY_REQUEST_ALREADY_ANSWERED']);
    const own = (await call('GET', '/api/me/privacy-requests', early)).json().requests[0];
    expect(own).toMatchObject({
      status: 'done',
      answer: 'Chúng tôi đã ngừng dùng dữ liệu của bạn để gợi ý.',
    });
    const unknown = await call('POST', `/api/admin/privacy-requests/${crypto.randomUUID()}/answer`, admin, {
      status: 'done',
      answer: 'x',
    });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'PRIVACY_REQUEST_NOT_FOUND']);
  });

  it('refuses a non-admin (403), the anonymous caller (401) and a bad answer (400), changing nothing', async () => {
    const admin = await signedInUser(ctx, { role: 'admin' });
    const member = await signedInUser(ctx);
    const request = (
      await ask(member, { kind: 'objection', details: 'I object to this processing.' })
    ).json();
    const url = `/api/admin/privacy-requests/${request.id}/answer`;
    const answer = { status: 'done', answer: 'Done.' };
    expect((await call('GET', '/api/admin/privacy-requests', member)).statusCode).toBe(403);
    expect((await call('POST', url, member, answer)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/privacy-requests', null)).statusCode).toBe(401);
    expect((await call('POST', url, null, answer)).statusCode).toBe(401);
    for (const payload of [
      { status: 'done', answer: '' },
      { status: 'open', answer: 'Reopened.' },
      { status: 'done', answer: 'x'.repeat(4001) },
      { status: 'done' },
    ]) {
      const response = await call('POST', url, admin, payload);
      expect([response.statusCode, response.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const bad = await call('POST', '/api/admin/privacy-requests/not-a-uuid/answer', admin, answer);
    expect(bad.statusCode).toBe(400);
    const [row] = await requestRows(member.user.id);
    expect(row).toMatchObject({ status: 'open', answer: null, answeredAt: null });
  });
});

describe('access and deletion, served by the account’s own functions', () => {
  it('a data export holds the consent history and is kept as a done access request', async () => {
    const session = await signUpAndVerify(ctx);
    await call('PUT', '/api/me/consents', session, { purpose: 'marketing', granted: true });
    const requested = await call('POST', '/api/profile/me/export', session);
    expect(requested.statusCode).toBe(202);
    await runJobs();
    const link = readOutbox(ctx, session.user.email).at(-1)!.link!;
    const download = await ctx.app.inject({ method: 'GET', url: linkPath(link), headers: session.headers });
    expect(download.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(download.rawPayload))['flowbay-data.json']!));
    expect(data.consents).toEqual([
      expect.objectContaining({ purpose: 'marketing', granted: true, source: 'settings' }),
    ]);
    const rows = await requestRows(session.user.id);
    expect(rows).toEqual([expect.objectContaining({ kind: 'access', status: 'done' })]);
    const own = (await call('GET', '/api/me/privacy-requests', session)).json();
    expect(own.requests).toEqual([expect.objectContaining({ kind: 'access', status: 'done' })]);
  });

  it('a deleted account is kept as a done deletion request, without its address', async () => {
    const session = await signUpAndVerify(ctx);
    const deleted = await call('POST', '/api/profile/me/delete', session, { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const rows = await requestRows(session.user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'deletion',
        status: 'done',
        requesterEmail: pseudonymousAddress(session.user.email),
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(session.user.email);
  });
});

import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_SIZE } from '@flowbay/domain';
import { runDueJobs, useTestApp } from '../../test/app.ts';
import {
  authPost,
  changePassword,
  linkPath,
  readOutbox,
  sessionCaller,
  signedInUser,
  signIn,
  signUpAndVerify,
  TEST_PASSWORD,
  type TestSession,
} from '../../test/auth.ts';
import { addFavorite, createUser, createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { makeImage, multipartBody } from '../../test/publishing.ts';
import { gatewayApp, payOutSeller } from '../../test/selling.ts';

const DAY = 24 * 60 * 60 * 1000;
const FOREIGN = { origin: 'https://evil.example' };
const clock = manualClock();
const ctx = useTestApp(gatewayApp(clock));
const call = sessionCaller(() => ctx);

const runJobs = () => runDueJobs(ctx, clock);

function me(session: Pick<TestSession, 'headers'> | { headers: Record<string, string> }) {
  return call('GET', '/api/profile/me', session);
}

function post(url: string, headers: Record<string, string>, payload?: object) {
  return ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
}

function uploadAvatar(headers: Record<string, string>, content: Buffer, name = 'me.png') {
  const body = multipartBody({}, { name, content, type: 'image/png' });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/profile/me/avatar',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** Every row of every table as text: where a person's name or address must no longer appear. */
async function everyRowAsText(): Promise<string> {
  const tables = await ctx.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
  const dumps: string[] = [];
  for (const name of names) {
    const rows = await ctx.db.execute(sql.raw(`select row_to_json(t)::text as row from "${name}" t`));
    for (const row of (rows as unknown as { rows: { row: string }[] }).rows)
      dumps.push(`${name}: ${row.row}`);
  }
  const all = dumps.join('\n');
  if (process.env.DEBUG_ROWS)
    for (const needle of process.env.DEBUG_ROWS.split('|'))
      console.log(
        all
          .split('\n')
          .filter((l) => l.includes(needle))
          .join('\n'),
      );
  return all;
}

describe('sign-up with a display name', () => {
  it('stores the name the person typed, and credits their workflows to it', async () => {
    const email = `minh.thu.${Date.now()}@example.test`;
    const response = await authPost(ctx, '/sign-up/email', {
      email,
      password: TEST_PASSWORD,
      name: 'Minh Thư',
    });
    expect(response.statusCode, response.body).toBe(200);
    const session = await signUpAndVerify(ctx, { email: `other-${Date.now()}@example.test` });
    expect((await me(session)).json().full_name).toMatch(/^other-/);
    const named = await createUser(ctx.db, { name: 'Minh Thư' });
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: named.id });
    const detail = await call('GET', `/api/workflows/${workflow.id}`, null);
    expect(detail.json().profiles.full_name).toBe('Minh Thư');
  });

  it('starts from the e-mail’s local part when a client sends no name (or a blank one)', async () => {
    const email = `lan.pham+${Date.now()}@example.test`;
    expect(
      (await authPost(ctx, '/sign-up/email', { email, password: TEST_PASSWORD, name: '  ' })).statusCode,
    ).toBe(200);
    const rows = await ctx.db.execute(sql`select name from "user" where email = ${email}`);
    expect((rows as unknown as { rows: { name: string }[] }).rows[0]!.name).toBe(email.split('@')[0]);
  });
});

describe('password strength', () => {
  it.each([
    ['password', 'PASSWORD_TOO_COMMON'],
    ['12345678', 'PASSWORD_TOO_COMMON'],
    ['matkhau123', 'PASSWORD_TOO_WEAK'],
  ])(
    'sign-up refuses %s with %s, a message that says why, and creates no account',
    async (password, code) => {
      const email = `weak-${Math.random().toString(36).slice(2, 10)}@example.test`;
      const response = await authPost(
        ctx,
        '/sign-up/email',
        { email, password },
        { 'accept-language': 'vi' },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe(code);
      expect(response.json().error.field).toBe('password');
      expect(response.json().error.message).toMatch(code === 'PASSWORD_TOO_COMMON' ? /phổ biến/ : /dễ đoán/);
      expect(readOutbox(ctx, email)).toEqual([]);
    },
  );

  it('refuses a password made of the person’s own address', async () => {
    const email = `hoang.anh.tuan@example.test`;
    const response = await authPost(ctx, '/sign-up/email', { email, password: 'hoang.anh.tuan' });
    expect(response.json().error.code).toBe('PASSWORD_TOO_WEAK');
  });

  it('holds on the reset path too: a weak new password keeps the token usable for a strong one', async () => {
    const session = await signUpAndVerify(ctx);
    await authPost(ctx, '/request-password-reset', {
      email: session.user.email,
      redirectTo: '/reset-password',
    });
    await ctx.app.jobs.runDue(); // the reset e-mail is sent by a job
    const link = readOutbox(ctx, session.user.email).at(-1)!.link!;
    const landing = await call('GET', linkPath(link), null);
    const token = new URL(landing.headers.location as string, 'http://x').searchParams.get('token')!;
    const weak = await authPost(ctx, '/reset-password', { token, newPassword: 'iloveyou' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'newPassword' });
    const strong = await authPost(ctx, '/reset-password', { token, newPassword: 'river lantern cobalt 88' });
    expect(strong.statusCode, strong.body).toBe(200);
    await signIn(ctx, session.user.email, 'river lantern cobalt 88');
  });

  it('bounds every field of Better Auth’s own endpoints: a huge sign-in password is refused before hashing', async () => {
    const response = await authPost(ctx, '/sign-in/email', {
      email: 'a@example.test',
      password: 'p'.repeat(100_000),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('PASSWORD_TOO_LONG');
    const callback = await authPost(ctx, '/sign-in/social', {
      provider: 'google',
      callbackURL: `/${'x'.repeat(5000)}`,
    });
    expect(callback.statusCode).toBe(400);
    expect(callback.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'callbackURL' });
  });
});

describe('change password', () => {
  it('needs the current password, signs out every other session, and e-mails the owner', async () => {
    const session = await signUpAndVerify(ctx);
    const other = await signIn(ctx, session.user.email, TEST_PASSWORD);
    const wrong = await changePassword(ctx, session, 'not my password', 'quiet harbour violet 51');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    const weak = await changePassword(ctx, session, TEST_PASSWORD, 'qwertyuiop');
    expect(weak.json().error.code).toBe('PASSWORD_TOO_COMMON');

    const changed = await authPost(
      ctx,
      '/change-password',
      // The client asks to keep other sessions; the server signs them out anyway.
      { currentPassword: TEST_PASSWORD, newPassword: 'quiet harbour violet 51', revokeOtherSessions: false },
      session.headers,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    await ctx.app.jobs.runDue(); // the e-mail is sent by a job
    expect(readOutbox(ctx, session.user.email).at(-1)!.subject).toBe('Your Flowbay password was changed');
    await signIn(ctx, session.user.email, 'quiet harbour violet 51');
    await expect(signIn(ctx, session.user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
  });

  it('anonymous and a foreign site cannot change a password', async () => {
    const session = await signUpAndVerify(ctx);
    const body = { currentPassword: TEST_PASSWORD, newPassword: 'quiet harbour violet 51' };
    expect((await authPost(ctx, '/change-password', body)).statusCode).toBe(401);
    const foreign = await authPost(ctx, '/change-password', body, { ...session.headers, ...FOREIGN });
    expect(foreign.statusCode).toBe(403);
    await signIn(ctx, session.user.email, TEST_PASSWORD);
  });
});

describe('avatars', () => {
  it('crops an upload square, resizes it, serves it from storage and replaces the previous one', async () => {
    const session = await signUpAndVerify(ctx);
    const first = await uploadAvatar(session.headers, await makeImage('jpeg', 1200, 600), 'holiday.jpg');
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().avatar_url as string;
    expect(firstUrl).toMatch(/^\/files\/avatars\/.+\.webp$/);
    const served = await call('GET', firstUrl, null);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE]);

    const second = await uploadAvatar(session.headers, await makeImage('webp', 300, 900));
    expect(second.json().avatar_url).not.toBe(firstUrl);
    expect((await call('GET', firstUrl, null)).statusCode).toBe(404);
    const publicProfile = await call('GET', `/api/profile/${session.user.id}`, null);
    expect(publicProfile.json().avatar_url).toBe(second.json().avatar_url);

    const removed = await call('DELETE', '/api/profile/me/avatar', session);
    expect(removed.json().avatar_url).toBeNull();
  });

  it('checks the bytes, not the name or type: a text file called .png is refused and nothing changes', async () => {
    const session = await signUpAndVerify(ctx);
    const response = await uploadAvatar(session.headers, Buffer.from('<svg onload=alert(1)>'), 'x.png');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_IMAGE');
    const gif = await uploadAvatar(session.headers, Buffer.from('GIF89a....'), 'x.gif');
    expect(gif.json().error.code).toBe('INVALID_IMAGE');
    expect((await me(session)).json().avatar_url).toBeNull();
  });

  it('anonymous, a foreign site and another user cannot change someone’s avatar', async () => {
    const ana = await signUpAndVerify(ctx);
    const binh = await signUpAndVerify(ctx);
    const image = await makeImage();
    expect((await uploadAvatar({}, image)).statusCode).toBe(401);
    expect((await uploadAvatar({ ...ana.headers, ...FOREIGN }, image)).statusCode).toBe(403);
    expect((await uploadAvatar(binh.headers, image)).json().id).toBe(binh.user.id);
    expect((await me(ana)).json().avatar_url).toBeNull();
    const anonymousDelete = await call('DELETE', '/api/profile/me/avatar', null);
    expect(anonymousDelete.statusCode).toBe(401);
  });
});

describe('public profile', () => {
  it('shows the bio, links, listed workflows and total favourites, never the e-mail', async () => {
    const author = await signUpAndVerify(ctx);
    await call('PUT', '/api/profile/me', author, {
      bio: 'I automate invoices.',
      links: ['https://author.example.test'],
    });
    const listed = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
    await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, status: 'pending' });
    for (let i = 0; i < 3; i += 1) await addFavorite(ctx.db, (await createUser(ctx.db)).id, listed.id);
    const response = await call('GET', `/api/profile/${author.user.id}`, null);
    expect(response.json()).toMatchObject({
      bio: 'I automate invoices.',
      links: ['https://author.example.test'],
      workflow_count: 1,
      total_favorites: 3,
    });
    expect(response.body).not.toContain(author.user.email);
  });
});

describe('export my data', () => {
  it('queues the export, e-mails a link, and the owner downloads a zip of the JSON and their files', async () => {
    const session = await signUpAndVerify(ctx, { locale: 'vi' });
    await uploadAvatar(session.headers, await makeImage());
    const workflow = await createWorkflow(ctx.db, ctx.storage, {
      userId: session.user.id,
      title: 'Lead router',
    });
    const requested = await post('/api/profile/me/export', session.headers);
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toEqual({ status: 'queued', email: session.user.email });
    expect(readOutbox(ctx, session.user.email).filter((mail) => mail.subject.includes('sẵn sàng'))).toEqual(
      [],
    );

    await runJobs();
    const mail = readOutbox(ctx, session.user.email).at(-1)!;
    expect(mail.subject).toBe('Dữ liệu Flowbay của bạn đã sẵn sàng');
    const url = linkPath(mail.link!);

    const download = await ctx.app.inject({ method: 'GET', url, headers: session.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="flowbay-data-/);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const data = JSON.parse(strFromU8(files['flowbay-data.json']!));
    expect(data.profile).toMatchObject({ id: session.user.id, email: session.user.email, locale: 'vi' });
    expect(data.workflows).toEqual([expect.objectContaining({ id: workflow.id, title: 'Lead router' })]);
    expect(data.sign_in_methods).toEqual([expect.objectContaining({ provider: 'credential' })]);
    expect(JSON.stringify(data)).not.toMatch(/scrypt|"password"|"token"/);
    const fileNames = Object.keys(files);
    expect(fileNames.some((name) => name.startsWith('files/avatars/'))).toBe(true);
    expect(fileNames.some((name) => name.startsWith('files/workflows/'))).toBe(true);

    // Someone else with the link, the anonymous caller, a wrong token: nothing.
    const other = await signUpAndVerify(ctx);
    expect((await ctx.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const forged = url.replace(/token=[^&]+/, 'token=forged');
    expect((await call('GET', forged, session)).statusCode).toBe(404);

    clock.advance(8 * DAY);
    const expired = await ctx.app.inject({ method: 'GET', url, headers: session.headers });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('EXPORT_EXPIRED');
  });

  it('anonymous and a foreign site cannot ask for an export', async () => {
    const session = await signUpAndVerify(ctx);
    expect((await post('/api/profile/me/export', {})).statusCode).toBe(401);
    expect((await post('/api/profile/me/export', { ...session.headers, ...FOREIGN })).statusCode).toBe(403);
  });
});

/** Checkout, then Pay on the test gateway: the order is paid through the IPN. */
async function buy(session: TestSession, workflowId: string) {
  const placed = await post('/api/orders', session.headers, { workflow_id: workflowId, provider: 'test' });
  expect(placed.statusCode, placed.body).toBe(201);
  const params = Object.fromEntries(new URL(placed.json().redirect_url).searchParams);
  const paid = await post('/api/payments/test-gateway/complete', {}, { params, outcome: 'pay' });
  expect(paid.statusCode).toBe(200);
  return placed.json().order.code as string;
}

async function orderRow(code: string) {
  const rows = await ctx.db.execute(
    sql`select buyer_id, buyer_email, buyer_name, seller_id, seller_name, amount, state from orders where code = ${code}`,
  );
  return (rows as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
}

describe('delete my account', () => {
  it('a seller with sales: confirmed by password, signed out everywhere, listings gone, buyers keep their files, orders kept without the seller’s name', async () => {
    const seller = await signUpAndVerify(ctx);
    const sellerName = `Seller Person ${Date.now()}`;
    await call('PUT', '/api/profile/me', seller, {
      full_name: sellerName,
      bio: 'Seller bio text',
      links: ['https://seller.example.test'],
    });
    await uploadAvatar(seller.headers, await makeImage());
    const secondSession = await signIn(ctx, seller.user.email, TEST_PASSWORD);
    const sold = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 300_000 });
    const buyer = await signUpAndVerify(ctx);
    const code = await buy(buyer, sold.id);
    await addFavorite(ctx.db, buyer.user.id, sold.id);
    expect((await call('POST', `/api/users/${seller.user.id}/follow`, buyer)).statusCode).toBe(200);

    await runJobs();
    const wrong = await post('/api/profile/me/delete', seller.headers, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    expect((await me(seller)).statusCode).toBe(200);

    // The sale's share is still owed to the seller: the account is not deleted until it is paid out.
    const owed = await post('/api/profile/me/delete', seller.headers, { password: TEST_PASSWORD });
    expect(owed.statusCode).toBe(409);
    expect(owed.json().error.code).toBe('ACCOUNT_HAS_BALANCE');
    expect((await me(seller)).statusCode).toBe(200);
    await payOutSeller(ctx, clock, seller, {
      account_number: '0071001234567',
      holder_name: 'Seller Person',
      transfer_ref: 'FT26112300001',
    });

    // The payout e-mails go out first (a mail still queued at deletion keeps its address until sent: decision 0080).
    await runJobs();
    const deleted = await post('/api/profile/me/delete', seller.headers, { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(String(deleted.headers['set-cookie'])).toMatch(/better-auth\.session_token=; Path=\/; Max-Age=0/);
    await runJobs();
    const everything = await everyRowAsText();
    expect(everything).not.toContain(seller.user.email);
    expect(everything).not.toContain(sellerName);
    expect(everything).not.toContain('Seller bio text');
    expect(everything).not.toContain('seller.example.test');
    expect(everything).not.toContain('0071001234567');
    expect(everything).not.toContain('SELLER PERSON');
    // Nobody follows a deleted account any more.
    const follows = await ctx.db.execute(
      sql`select count(*)::int as n from follows where author_id = ${seller.user.id}`,
    );
    expect((follows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    expect((await me(seller)).statusCode).toBe(401);
    expect((await me(secondSession)).statusCode).toBe(401);
    await expect(signIn(ctx, seller.user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    expect((await call('GET', `/api/profile/${seller.user.id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/profiles/${seller.user.id}`, null)).statusCode).toBe(404);

    // The listing is gone from the catalogue; its buyer still downloads it.
    const catalogue = await call('GET', `/api/workflows?user_id=${seller.user.id}`, null);
    expect(catalogue.json().data ?? catalogue.json().workflows ?? []).toEqual([]);
    expect((await call('GET', `/api/workflows/${sold.id}`, null)).statusCode).toBe(404);
    const download = await call('GET', `/api/workflows/${sold.id}/download`, buyer);
    expect(download.statusCode).toBe(200);

    // The order stays (amount, state, who bought), without the seller's name.
    expect(await orderRow(code)).toMatchObject({
      seller_id: seller.user.id,
      seller_name: '',
      buyer_id: buyer.user.id,
      amount: expect.anything(),
      state: 'paid',
    });
    expect(readOutbox(ctx, seller.user.email).length).toBeGreaterThan(0);
  });

  it('a buyer with purchases: orders kept without their name and address, no personal data left', async () => {
    const seller = await signedInUser(ctx, { name: 'Kept Seller' });
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 90_000 });
    const buyer = await signUpAndVerify(ctx);
    const buyerName = `Buyer Person ${Date.now()}`;
    await call('PUT', '/api/profile/me', buyer, { full_name: buyerName });
    const code = await buy(buyer, workflow.id);
    expect(await orderRow(code)).toMatchObject({ buyer_email: buyer.user.email });
    await post('/api/contact', buyer.headers, {
      full_name: buyerName,
      email: buyer.user.email,
      subject: 'Question',
      message: 'A question about my order',
    });
    // The receipt and the support copy go out first; their finished jobs must not keep the address.
    await runJobs();
    expect(
      (await post('/api/profile/me/delete', buyer.headers, { password: TEST_PASSWORD })).statusCode,
    ).toBe(204);
    expect(await orderRow(code)).toMatchObject({
      buyer_id: buyer.user.id,
      buyer_email: '',
      buyer_name: '',
      seller_name: expect.stringMatching(/Kept Seller/),
      state: 'paid',
    });
    const everything = await everyRowAsText();
    expect(everything).not.toContain(buyer.user.email);
    expect(everything).not.toContain(buyerName);
    // The seller's sale is untouched: the workflow is still listed and the seller still sees it sold.
    expect((await call('GET', `/api/workflows/${workflow.id}`, null)).statusCode).toBe(200);
    // The address can sign up again as a new, unrelated account.
    const again = await authPost(ctx, '/sign-up/email', { email: buyer.user.email, password: TEST_PASSWORD });
    expect(again.statusCode).toBe(200);
  });

  it('a Google account (no password) confirms with a fresh e-mailed link', async () => {
    const google = await signedInUser(ctx, { name: 'Google Person' });
    expect((await me(google)).json().has_password).toBe(false);
    const withoutToken = await post('/api/profile/me/delete', google.headers, {});
    expect(withoutToken.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'token' });
    const guessed = await post('/api/profile/me/delete', google.headers, { token: 'guessed' });
    expect(guessed.json().error.code).toBe('INVALID_TOKEN');

    expect((await post('/api/profile/me/delete-link', google.headers)).statusCode).toBe(202);
    await runJobs();
    const link = new URL(readOutbox(ctx, google.user.email).at(-1)!.link!);
    expect(link.pathname).toBe('/profile');
    const token = link.searchParams.get('delete')!;
    // Another user cannot use it.
    const other = await signUpAndVerify(ctx);
    expect((await post('/api/profile/me/delete', other.headers, { password: 'x', token })).statusCode).toBe(
      400,
    );
    expect((await me(other)).statusCode).toBe(200);

    expect((await post('/api/profile/me/delete', google.headers, { token })).statusCode).toBe(204);
    expect((await me(google)).statusCode).toBe(401);
  });

  it('anonymous and a foreign site cannot delete an account', async () => {
    const session = await signUpAndVerify(ctx);
    expect((await post('/api/profile/me/delete', {}, { password: TEST_PASSWORD })).statusCode).toBe(401);
    const foreign = await post(
      '/api/profile/me/delete',
      { ...session.headers, ...FOREIGN },
      { password: TEST_PASSWORD },
    );
    expect(foreign.statusCode).toBe(403);
    expect((await post('/api/profile/me/delete-link', {})).statusCode).toBe(401);
    expect((await me(session)).statusCode).toBe(200);
  });

  it('bounds the confirmation fields', async () => {
    const session = await signUpAndVerify(ctx);
    const response = await post('/api/profile/me/delete', session.headers, { password: 'p'.repeat(129) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('password');
    expect((await me(session)).statusCode).toBe(200);
  });
});

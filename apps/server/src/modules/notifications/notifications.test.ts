import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, notifications, purchases, sales, workflowVersions, workflows } from '../../db/schema.ts';
import { listenerJobKind } from '../../infra/events/events.ts';
import { sessionCaller, signedInUser, type TestSession } from '../../test/auth.ts';
import { addPurchase, createWorkflow } from '../../test/factories.ts';
import { manualClock } from '../../test/payments.ts';
import { buyThroughTestGateway, useMailingGatewayApp } from '../../test/selling.ts';
import { firstNameOf } from './notifications.service.ts';

const clock = manualClock(new Date('2026-05-04T03:00:00Z'));
const { ctx, mail, settle } = useMailingGatewayApp(clock);
const call = sessionCaller(() => ctx);
let admin: TestSession;

beforeAll(async () => {
  admin = await signedInUser(ctx, { role: 'admin' });
});

const listOf = async (session: TestSession) => {
  const response = await call('GET', '/api/me/notifications', session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    notifications: { id: string; kind: string; payload: Record<string, unknown>; read_at: string | null }[];
    total: number;
    unread: number;
  };
};

/** The notification e-mails (those with a one-click unsubscribe) received by `session`'s address. */
const notificationMails = (session: TestSession) =>
  mail.smtp.to(session.user.email).filter((mail) => /^List-Unsubscribe-Post:/im.test(mail.raw));

const unsubscribeUrlOf = (raw: string) => {
  const match = /^List-Unsubscribe: <([^>]+)>/im.exec(raw.replace(/\r?\n[ \t]+/g, ' '));
  expect(match).not.toBeNull();
  return new URL(match![1]!);
};

/** The user ticks the e-mails of `purpose` on their privacy page (silence is no consent). */
async function consent(session: TestSession, purpose: 'workflow_update' | 'new_listing', granted = true) {
  const response = await call('PUT', '/api/me/consents', session, { purpose, granted });
  expect(response.statusCode, response.body).toBe(200);
}

/** Runs a listener's last job again with the same payload: what a replayed event would do. */
async function replay(kind: string) {
  const [job] = await ctx.db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, kind))
    .orderBy(sql`${jobs.createdAt} desc`)
    .limit(1);
  expect(job).toBeDefined();
  await ctx.app.jobs.enqueue(kind, job!.payload);
  await settle();
}

async function approve(workflowId: string) {
  const response = await call('POST', `/api/admin/workflows/${workflowId}/approve`, admin);
  expect(response.statusCode, response.body).toBe(200);
  await settle();
}

const hasNotesColumn = async () => {
  const result = (await ctx.db.execute(sql`
    select 1 from information_schema.columns
    where table_name = 'workflow_versions' and column_name = 'notes'`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
};

describe('a sale', () => {
  it('tells the seller (price, net, the buyer’s first name, a link to the sales) and never the buyer; a replay adds nothing', async () => {
    const seller = await signedInUser(ctx, { locale: 'vi', name: 'Trần Thị Mai' });
    const buyer = await signedInUser(ctx, { locale: 'vi', name: 'Nguyễn Văn An' });
    const workflow = await createWorkflow(ctx.db, ctx.storage, {
      userId: seller.user.id,
      price: 200_000,
      title: 'Báo cáo Slack',
    });
    const { code } = await buyThroughTestGateway(ctx, buyer, workflow.id);
    await settle();

    const [sale] = await ctx.db.select().from(sales).where(eq(sales.workflowId, workflow.id));
    const net = sale!.sellerShare - sale!.vat - sale!.pit;
    expect(net).toBeLessThan(200_000);
    const seen = await listOf(seller);
    expect(seen.unread).toBe(1);
    expect(seen.notifications).toHaveLength(1);
    expect(seen.notifications[0]).toMatchObject({
      kind: 'sale',
      read_at: null,
      payload: {
        amount: 200_000,
        net,
        buyer_first_name: 'An',
        order_code: code,
        workflow_title: 'Báo cáo Slack',
      },
    });
    expect(JSON.stringify(seen.notifications[0])).not.toContain(buyer.user.email);

    const mails = notificationMails(seller);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain('Báo cáo Slack');
    expect(mail.text).toContain('An vừa mua');
    expect(mail.text).not.toContain('Nguyễn');
    expect(mail.text).not.toContain(buyer.user.email);
    expect(mail.text).toContain('http://localhost:3000/me/sales?lang=vi');
    // The one-click unsubscribe (RFC 8058) in the SMTP message itself.
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const unsubscribe = unsubscribeUrlOf(mail.raw);
    expect(`${unsubscribe.origin}${unsubscribe.pathname}`).toBe(
      'http://localhost:3000/api/notifications/unsubscribe',
    );
    expect(unsubscribe.searchParams.get('lang')).toBe('vi');

    // The buyer gets their receipt, but no sale notification, neither in the app nor by e-mail.
    expect((await listOf(buyer)).total).toBe(0);
    expect(notificationMails(buyer)).toEqual([]);

    await replay(listenerJobKind('order.paid', 'notifications.seller'));
    expect((await listOf(seller)).total).toBe(1);
    expect(notificationMails(seller)).toHaveLength(1);
  });

  it('takes one word of the buyer’s name: the given name, last in Vietnamese', () => {
    expect(firstNameOf('Nguyễn Văn An', 'vi')).toBe('An');
    expect(firstNameOf('  Jane   Doe ', 'en')).toBe('Jane');
    expect(firstNameOf('', 'en')).toBe('');
  });
});

describe('a new version', () => {
  it('tells every owner (with the changelog), not the author, not a refunded buyer, not a follower who owns nothing', async () => {
    const author = await signedInUser(ctx);
    const owner = await signedInUser(ctx, { locale: 'vi' });
    const refunded = await signedInUser(ctx);
    const follower = await signedInUser(ctx);
    for (const who of [author, owner, refunded, follower]) await consent(who, 'workflow_update');
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, title: 'CRM sync' });
    await addPurchase(ctx.db, owner.user.id, workflow.id, 0);
    await addPurchase(ctx.db, refunded.user.id, workflow.id, 0);
    await ctx.db
      .update(purchases)
      .set({ revokedAt: clock.now() })
      .where(and(eq(purchases.userId, refunded.user.id), eq(purchases.workflowId, workflow.id)));
    expect((await call('POST', `/api/users/${author.user.id}/follow`, follower)).statusCode).toBe(200);

    const [version] = await ctx.db
      .insert(workflowVersions)
      .values({
        workflowId: workflow.id,
        version: '1.1',
        fileKey: workflow.fileKey,
        size: workflow.version.size,
        sha256: workflow.version.sha256,
        summary: workflow.version.summary,
        createdBy: author.user.id,
      })
      .returning();
    const notes = (await hasNotesColumn()) ? 'Adds a retry on rate limits' : null;
    if (notes)
      await ctx.db.execute(sql`update workflow_versions set notes = ${notes} where id = ${version!.id}`);
    await approve(workflow.id);

    const seen = await listOf(owner);
    expect(seen.notifications).toHaveLength(1);
    expect(seen.notifications[0]).toMatchObject({
      kind: 'workflow_update',
      payload: { workflow_id: workflow.id, version: '1.1', notes },
    });
    const mails = notificationMails(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Phiên bản mới');
    if (notes) expect(mails[0]!.text).toContain(notes);
    for (const nobody of [author, refunded, follower]) {
      expect((await listOf(nobody)).total).toBe(0);
      expect(notificationMails(nobody)).toEqual([]);
    }

    await replay(listenerJobKind('version.approved', 'notifications.followers-and-owners'));
    expect((await listOf(owner)).total).toBe(1);
    expect(notificationMails(owner)).toHaveLength(1);
  });
});

describe('a new version of a listing written in both languages', () => {
  it('tells each owner in their language: the translated title and notes when written, else the original', async () => {
    const author = await signedInUser(ctx);
    const english = await signedInUser(ctx, { locale: 'en' });
    const vietnamese = await signedInUser(ctx, { locale: 'vi' });
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, title: 'CRM sync' });
    await ctx.db
      .update(workflows)
      .set({ language: 'en', translation: { title: 'Đồng bộ CRM', description: '', faq: [] } })
      .where(eq(workflows.id, workflow.id));
    for (const owner of [english, vietnamese]) {
      await addPurchase(ctx.db, owner.user.id, workflow.id, 0);
      await consent(owner, 'workflow_update');
    }
    await ctx.db.insert(workflowVersions).values({
      workflowId: workflow.id,
      version: '1.1',
      fileKey: workflow.fileKey,
      size: workflow.version.size,
      sha256: workflow.version.sha256,
      summary: workflow.version.summary,
      createdBy: author.user.id,
      notes: 'Adds a retry on rate limits',
      notesTranslation: 'Tự thử lại khi bị giới hạn tốc độ',
    });
    await approve(workflow.id);

    const [inEnglish] = notificationMails(english);
    expect(inEnglish!.subject).toContain('CRM sync');
    expect(inEnglish!.text).toContain('Adds a retry on rate limits');
    expect(inEnglish!.text).not.toContain('Tự thử lại');
    const [inVietnamese] = notificationMails(vietnamese);
    expect(inVietnamese!.subject).toContain('Đồng bộ CRM');
    expect(inVietnamese!.text).toContain('Tự thử lại khi bị giới hạn tốc độ');
    expect(inVietnamese!.text).not.toContain('Adds a retry');
  });
});

describe('a new listing', () => {
  it('tells the author’s followers only; a follower who switched the kind off gets neither row nor e-mail', async () => {
    const author = await signedInUser(ctx, { name: 'Linh Automations' });
    const follower = await signedInUser(ctx);
    const quiet = await signedInUser(ctx);
    const stranger = await signedInUser(ctx);
    for (const who of [follower, quiet, stranger, author]) await consent(who, 'new_listing');
    for (const who of [follower, quiet]) {
      const followed = await call('POST', `/api/users/${author.user.id}/follow`, who);
      expect(followed.json()).toMatchObject({ following: true });
    }
    const off = await call('PUT', '/api/me/notification-settings', quiet, { new_listing: false });
    expect(off.json()).toEqual({ sale: true, workflow_update: true, new_listing: false });
    expect((await call('GET', '/api/me/notification-settings', quiet)).json()).toEqual(off.json());

    const pending = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      status: 'pending',
      title: 'Invoice OCR',
    });
    await approve(pending.id);

    const seen = await listOf(follower);
    expect(seen.notifications).toHaveLength(1);
    expect(seen.notifications[0]).toMatchObject({
      kind: 'new_listing',
      payload: { workflow_id: pending.id, author_id: author.user.id, author_name: 'Linh Automations' },
    });
    expect(notificationMails(follower)).toHaveLength(1);
    expect(notificationMails(follower)[0]!.subject).toContain('Linh Automations');
    for (const nobody of [quiet, stranger, author]) {
      expect((await listOf(nobody)).total).toBe(0);
      expect(notificationMails(nobody)).toEqual([]);
    }
  });
  it('names the listing to each follower in their language when its author wrote it', async () => {
    const author = await signedInUser(ctx, { name: 'Hà Automations' });
    const english = await signedInUser(ctx, { locale: 'en' });
    const vietnamese = await signedInUser(ctx, { locale: 'vi' });
    for (const who of [english, vietnamese]) {
      await call('POST', `/api/users/${author.user.id}/follow`, who);
      await consent(who, 'new_listing');
    }
    const pending = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      status: 'pending',
      title: 'Tóm tắt hóa đơn mỗi tuần',
    });
    await ctx.db
      .update(workflows)
      .set({ language: 'vi', translation: { title: 'Weekly invoice digest', description: '', faq: [] } })
      .where(eq(workflows.id, pending.id));
    await approve(pending.id);

    const mailText = (mail: { subject: string; text: string }) => `${mail.subject}\n${mail.text}`;
    const [inEnglish] = notificationMails(english);
    expect(mailText(inEnglish!)).toContain('Weekly invoice digest');
    expect(mailText(inEnglish!)).not.toContain('Tóm tắt hóa đơn');
    const [inVietnamese] = notificationMails(vietnamese);
    expect(mailText(inVietnamese!)).toContain('Tóm tắt hóa đơn mỗi tuần');
  });
});

describe('the list', () => {
  it('marks read the ids given or all, never another user’s, and refuses the anonymous caller', async () => {
    const reader = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const rows = await ctx.db
      .insert(notifications)
      .values(
        [reader, reader, other].map((who, index) => ({
          userId: who.user.id,
          kind: 'new_listing' as const,
          dedupeKey: `test:${index}`,
          payload: { workflow_id: 'w', workflow_title: 'T', workflow_path: '/workflows/t-w' },
        })),
      )
      .returning();
    expect((await listOf(reader)).unread).toBe(2);
    const some = await call('POST', '/api/me/notifications/read', reader, {
      ids: [rows[0]!.id, rows[2]!.id],
    });
    expect(some.json()).toEqual({ unread: 1 });
    expect((await listOf(other)).unread).toBe(1);
    expect((await call('POST', '/api/me/notifications/read', reader, {})).json()).toEqual({ unread: 0 });
    expect((await listOf(other)).unread).toBe(1);
    const bad = await call('POST', '/api/me/notifications/read', reader, { ids: ['not-a-uuid'] });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);

    for (const response of [
      await call('GET', '/api/me/notifications', null),
      await call('POST', '/api/me/notifications/read', null, {}),
      await call('GET', '/api/me/notification-settings', null),
      await call('PUT', '/api/me/notification-settings', null, { sale: false }),
    ]) {
      expect([response.statusCode, response.json().error.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });
});

describe('one-click unsubscribe', () => {
  it('shows a page in the recipient’s language, switches the kind off on POST without a session or Origin, works once, and refuses a forged token', async () => {
    const seller = await signedInUser(ctx, { locale: 'vi' });
    const buyer = await signedInUser(ctx);
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 50_000 });
    await buyThroughTestGateway(ctx, buyer, workflow.id);
    await settle();
    const url = unsubscribeUrlOf(notificationMails(seller)[0]!.raw);
    const path = `${url.pathname}${url.search}`;
    const token = url.searchParams.get('token')!;

    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('lang="vi"');
    expect(page.body).toContain('Hủy đăng ký');
    expect(page.body).toContain('method="post"');
    // Opening the page changes nothing (link scanners only GET).
    expect((await call('GET', '/api/me/notification-settings', seller)).json().sale).toBe(true);

    const forged = [
      token.replace(/\.[^.]+$/, '.AAAA'),
      token.replace(/^[^.]+/, Buffer.from(buyer.user.id).toString('base64url')),
      token.replace('.sale.', '.new_listing.'),
      'garbage',
    ];
    for (const bad of forged) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect([refused.statusCode, refused.json().error.code]).toEqual([400, 'INVALID_TOKEN']);
    }
    expect((await call('GET', '/api/me/notification-settings', seller)).json().sale).toBe(true);
    expect((await call('GET', '/api/me/notification-settings', buyer)).json().sale).toBe(true);

    // A mail client's POST: no session, another site's Origin (and a stray cookie) do not matter.
    const done = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.com',
        cookie: 'unrelated=1',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ kind: 'sale', enabled: false });
    expect((await call('GET', '/api/me/notification-settings', seller)).json()).toEqual({
      sale: false,
      workflow_update: true,
      new_listing: true,
    });

    clock.advance(60_000);
    const again = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('không hợp lệ hoặc đã được dùng');

    // Switched off: the next sale writes no row and sends no e-mail.
    const before = (await listOf(seller)).total;
    const second = await createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, price: 50_000 });
    await buyThroughTestGateway(ctx, buyer, second.id);
    await settle();
    expect((await listOf(seller)).total).toBe(before);
    expect(notificationMails(seller)).toHaveLength(1);
  });
});

describe('following', () => {
  it('counts followers on profiles, follows once, unfollows, and refuses anonymous callers, oneself and unknown users', async () => {
    const author = await signedInUser(ctx);
    const fan = await signedInUser(ctx);
    const state = (session: TestSession | null) =>
      call('GET', `/api/users/${author.user.id}/follow`, session);
    expect((await state(null)).json()).toEqual({
      author_id: author.user.id,
      following: false,
      followers_count: 0,
    });

    for (const response of [
      await call('POST', `/api/users/${author.user.id}/follow`, null),
      await call('DELETE', `/api/users/${author.user.id}/follow`, null),
    ]) {
      expect([response.statusCode, response.json().error.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
    const self = await call('POST', `/api/users/${author.user.id}/follow`, author);
    expect([self.statusCode, self.json().error.code]).toEqual([409, 'CANNOT_FOLLOW_SELF']);
    for (const unknown of [
      await call('POST', '/api/users/no-such-user/follow', fan),
      await call('GET', '/api/users/no-such-user/follow', null),
    ]) {
      expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'PROFILE_NOT_FOUND']);
    }

    await Promise.all([1, 2, 3].map(() => call('POST', `/api/users/${author.user.id}/follow`, fan)));
    expect((await state(fan)).json()).toEqual({
      author_id: author.user.id,
      following: true,
      followers_count: 1,
    });
    expect((await state(null)).json().following).toBe(false);
    const unfollowed = await call('DELETE', `/api/users/${author.user.id}/follow`, fan);
    expect(unfollowed.json()).toEqual({ author_id: author.user.id, following: false, followers_count: 0 });
  });
});

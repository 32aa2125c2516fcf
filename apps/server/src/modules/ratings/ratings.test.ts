import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { purchases, user } from '../../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import {
  readOutbox,
  signedInUser,
  signUpAndVerify,
  TEST_PASSWORD,
  uniqueAddress,
  type TestSession,
} from '../../test/auth.ts';
import { addPurchase, createWorkflow } from '../../test/factories.ts';
import { ipnParams, manualClock, queryString } from '../../test/payments.ts';
import { buyThroughTestGateway, gatewayApp, refundAsAdmin } from '../../test/selling.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = manualClock();
const ctx = useTestApp(gatewayApp(clock));
let author: TestSession;
let admin: TestSession;

const addresses = new Map<string, string>();
const addressOf = (userId: string) => {
  if (!addresses.has(userId)) addresses.set(userId, uniqueAddress());
  return addresses.get(userId)!;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  method: Method,
  url: string,
  session: TestSession | null,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(session?.headers ?? {}), ...headers },
    // Each user writes from an address of their own, as people do: the per-address limits stay out of the way.
    remoteAddress: session ? addressOf(session.user.id) : undefined,
    ...(payload ? { payload } : {}),
  });

const errorOf = (response: Awaited<ReturnType<typeof call>>) => [
  response.statusCode,
  response.json().error?.code,
];

async function member(overrides: Parameters<typeof signedInUser>[1] = {}) {
  return signedInUser(ctx, overrides);
}

/** Someone who downloaded the (free) workflow while signed in. */
async function downloader(workflowId: string) {
  const session = await member();
  const response = await call('GET', `/api/workflows/${workflowId}/download`, session);
  expect(response.statusCode).toBe(200);
  return session;
}

/** Someone holding a paid workflow's entitlement. */
async function buyer(workflowId: string, amount: number) {
  const session = await member();
  await addPurchase(ctx.db, session.user.id, workflowId, amount);
  return session;
}

const review = (workflowId: string, session: TestSession | null, rating: number, body = '') =>
  call('POST', `/api/workflows/${workflowId}/reviews`, session, { rating, body });
const reviewsOf = (workflowId: string, session: TestSession | null = null) =>
  call('GET', `/api/workflows/${workflowId}/reviews`, session);
const cardOf = async (workflowId: string) => (await call('GET', `/api/workflows/${workflowId}`, null)).json();

beforeAll(async () => {
  author = await member({ name: 'Author Anh' });
  admin = await member({ role: 'admin' });
});

describe('who may review', () => {
  it('refuses the anonymous caller, the author, a non-buyer of a paid workflow and a signed-out downloader', async () => {
    const paid = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, price: 99_000 });
    const free = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });

    expect(errorOf(await review(free.id, null, 5))).toEqual([401, 'UNAUTHENTICATED']);
    expect(errorOf(await review(free.id, author, 5))).toEqual([403, 'OWN_WORKFLOW_REVIEW']);
    expect(errorOf(await review(paid.id, await member(), 5))).toEqual([403, 'REVIEW_NOT_ALLOWED']);

    // Downloaded while signed out: the download counts, but nothing ties it to the account.
    const visitor = await member();
    expect((await call('GET', `/api/workflows/${free.id}/download`, null)).statusCode).toBe(200);
    expect(errorOf(await review(free.id, visitor, 4))).toEqual([403, 'REVIEW_NOT_ALLOWED']);
    expect((await reviewsOf(free.id, visitor)).json().viewer.eligibility).toBe('not_used');
    expect((await reviewsOf(free.id, null)).json().viewer.eligibility).toBe('sign_in');
    expect((await reviewsOf(free.id, author)).json().viewer).toMatchObject({
      eligibility: 'author',
      can_reply: true,
    });

    // A refunded purchase is no longer a purchase.
    const refunded = await buyer(paid.id, 99_000);
    await ctx.db
      .update(purchases)
      .set({ revokedAt: new Date() })
      .where(eq(purchases.userId, refunded.user.id));
    expect(errorOf(await review(paid.id, refunded, 5))).toEqual([403, 'REVIEW_NOT_ALLOWED']);

    const paying = await buyer(paid.id, 99_000);
    expect((await reviewsOf(paid.id, paying)).json().viewer.eligibility).toBe('eligible');
    const created = await review(paid.id, paying, 4, 'Saves me an hour a day');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ rating: 4, body: 'Saves me an hour a day', version: '1.0' });

    const used = await downloader(free.id);
    expect((await review(free.id, used, 5)).statusCode).toBe(201);
  });

  it('refuses ratings outside 1-5, a text over 2,000 characters, and reviews from another site', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
    const user = await downloader(workflow.id);
    for (const payload of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: 5, body: 'x'.repeat(2001) },
    ]) {
      const response = await call('POST', `/api/workflows/${workflow.id}/reviews`, user, payload);
      expect(errorOf(response), JSON.stringify(payload)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const foreign = await call(
      'POST',
      `/api/workflows/${workflow.id}/reviews`,
      user,
      { rating: 5 },
      {
        origin: 'https://evil.example',
      },
    );
    expect(errorOf(foreign)).toEqual([403, 'CROSS_SITE_REQUEST']);
    expect((await reviewsOf(workflow.id)).json().summary.count).toBe(0);
  });
});

describe('one review per user, edited and deleted by its writer', () => {
  it('keeps one review under concurrent posts, edits and deletes it, and another user cannot', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
    const writer = await downloader(workflow.id);
    const other = await downloader(workflow.id);

    const posts = await Promise.all(Array.from({ length: 6 }, () => review(workflow.id, writer, 2)));
    expect(posts.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(posts.find((r) => r.statusCode === 409)!.json().error.code).toBe('ALREADY_REVIEWED');
    const id = posts.find((r) => r.statusCode === 201)!.json().id as string;
    expect(await cardOf(workflow.id)).toMatchObject({ rating_count: 1, rating_average: 2 });

    expect(errorOf(await call('PUT', `/api/reviews/${id}`, null, { rating: 5 }))).toEqual([
      401,
      'UNAUTHENTICATED',
    ]);
    expect(errorOf(await call('PUT', `/api/reviews/${id}`, other, { rating: 1 }))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    expect(errorOf(await call('DELETE', `/api/reviews/${id}`, other))).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(await call('DELETE', `/api/reviews/${id}`, author))).toEqual([403, 'FORBIDDEN']);

    const edited = await call('PUT', `/api/reviews/${id}`, writer, { rating: 5, body: 'Better after v1.1' });
    expect(edited.json()).toMatchObject({ rating: 5, body: 'Better after v1.1' });
    expect(await cardOf(workflow.id)).toMatchObject({ rating_count: 1, rating_average: 5 });
    expect((await reviewsOf(workflow.id, writer)).json().viewer).toMatchObject({
      eligibility: 'reviewed',
      review: { id, rating: 5 },
    });

    expect((await call('DELETE', `/api/reviews/${id}`, writer)).statusCode).toBe(200);
    expect(errorOf(await call('DELETE', `/api/reviews/${id}`, writer))).toEqual([404, 'REVIEW_NOT_FOUND']);
    expect(await cardOf(workflow.id)).toMatchObject({ rating_count: 0, rating_average: null });
    // Deleted, the writer may review again.
    expect((await review(workflow.id, writer, 3)).statusCode).toBe(201);
  });

  it('counts concurrent reviews of many users exactly (the same guarantee as favourites)', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
    const users = await Promise.all(Array.from({ length: 8 }, () => downloader(workflow.id)));
    const ratings = [5, 4, 4, 3, 5, 2, 5, 1];
    const responses = await Promise.all(
      users.map((user, index) => review(workflow.id, user, ratings[index]!)),
    );
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    // Concurrent edits and a delete in the same moment.
    const ids = responses.map((r) => r.json().id as string);
    await Promise.all([
      call('PUT', `/api/reviews/${ids[0]}`, users[0]!, { rating: 1 }),
      call('PUT', `/api/reviews/${ids[1]}`, users[1]!, { rating: 5 }),
      call('DELETE', `/api/reviews/${ids[2]}`, users[2]!),
    ]);
    const expected = [1, 5, 3, 5, 2, 5, 1];
    const list = (await reviewsOf(workflow.id)).json();
    expect(list.summary).toEqual({
      count: 7,
      average: Math.round((expected.reduce((a, b) => a + b, 0) / 7) * 100) / 100,
      distribution: [2, 1, 1, 0, 3],
    });
    expect(await cardOf(workflow.id)).toMatchObject({
      rating_count: 7,
      rating_average: list.summary.average,
    });
  });
});

describe('answers, reports and hiding', () => {
  it('lets the author answer once (editable), anyone signed in report, and an admin hide a review so it stops counting', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
    const happy = await downloader(workflow.id);
    const angry = await downloader(workflow.id);
    await review(workflow.id, happy, 5, 'Great');
    const rude = (await review(workflow.id, angry, 1, 'Buy my course instead: spam.example')).json();

    const replyUrl = `/api/reviews/${rude.id}/reply`;
    expect(errorOf(await call('PUT', replyUrl, null, { reply: 'Hi' }))).toEqual([401, 'UNAUTHENTICATED']);
    expect(errorOf(await call('PUT', replyUrl, happy, { reply: 'Hi' }))).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(await call('PUT', replyUrl, angry, { reply: 'Hi' }))).toEqual([403, 'FORBIDDEN']);
    expect((await call('PUT', replyUrl, author, { reply: 'Sorry to hear' })).json().reply).toBe(
      'Sorry to hear',
    );
    expect((await call('PUT', replyUrl, author, { reply: 'Fixed in 1.1' })).json().reply).toBe(
      'Fixed in 1.1',
    );
    const shown = (await reviewsOf(workflow.id)).json().reviews.find((r: { id: string }) => r.id === rude.id);
    expect(shown).toMatchObject({ reply: 'Fixed in 1.1', reviewer: { name: expect.any(String) } });

    const reportUrl = `/api/reviews/${rude.id}/reports`;
    expect(errorOf(await call('POST', reportUrl, null, { reason: 'spam' }))).toEqual([
      401,
      'UNAUTHENTICATED',
    ]);
    // A review is reported for what it says: the workflow's reasons are refused.
    const workflowReason = await call('POST', reportUrl, happy, { reason: 'malicious' });
    expect(workflowReason.statusCode).toBe(400);
    expect(workflowReason.json().error).toMatchObject({
      field: 'reason',
      details: { messageKey: 'validation.reportReason' },
    });
    expect((await call('POST', reportUrl, happy, {})).json().error).toMatchObject({ field: 'reason' });
    const first = await call('POST', reportUrl, happy, { reason: 'spam', details: 'Advertises' });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', reportUrl, happy, { reason: 'other' });
    expect([again.statusCode, again.json().id]).toEqual([200, first.json().id]);
    expect((await call('POST', reportUrl, author, { reason: 'personal_data' })).statusCode).toBe(201);

    expect((await call('GET', '/api/admin/review-reports', happy)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/review-reports', null)).statusCode).toBe(401);
    const queue = (await call('GET', '/api/admin/review-reports', admin)).json();
    const mine = queue.filter((r: { review_id: string }) => r.review_id === rude.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      reason: 'spam',
      review: { body: rude.body },
      workflow: { id: workflow.id },
      reporter: { id: happy.user.id, email: happy.user.email },
    });
    expect(mine[1]).toMatchObject({ reason: 'personal_data', reporter: { id: author.user.id } });
    // Who reported never reaches the review's writer, the author or anyone else reading reviews.
    for (const reader of [angry, author, null]) {
      const page = await call('GET', `/api/workflows/${workflow.id}/reviews`, reader);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(happy.user.email);
      expect(page.body).not.toContain('Advertises');
    }
    expect((await call('GET', '/api/admin/review-reports', author)).statusCode).toBe(403);

    const resolve = (session: TestSession | null, headers: Record<string, string> = {}) =>
      call(
        'POST',
        `/api/admin/review-reports/${first.json().id}/resolve`,
        session,
        { action: 'hide' },
        headers,
      );
    expect(errorOf(await resolve(happy))).toEqual([403, 'FORBIDDEN']);
    expect(errorOf(await resolve(admin, { origin: 'https://evil.example' }))).toEqual([
      403,
      'CROSS_SITE_REQUEST',
    ]);
    expect(await cardOf(workflow.id)).toMatchObject({ rating_count: 2, rating_average: 3 });

    expect((await resolve(admin)).json().status).toBe('hidden');
    expect(errorOf(await resolve(admin))).toEqual([409, 'CONFLICT']);
    expect(await cardOf(workflow.id)).toMatchObject({ rating_count: 1, rating_average: 5 });
    const after = (await reviewsOf(workflow.id)).json();
    expect(after.reviews.map((r: { id: string }) => r.id)).not.toContain(rude.id);
    expect(after.summary.distribution).toEqual([0, 0, 0, 0, 1]);
    // Its writer still sees it, marked hidden; the open reports of it are all closed.
    expect((await reviewsOf(workflow.id, angry)).json().viewer.review).toMatchObject({
      id: rude.id,
      hidden: true,
    });
    const open = (await call('GET', '/api/admin/review-reports', admin)).json();
    expect(open.filter((r: { review_id: string }) => r.review_id === rude.id)).toEqual([]);
    // Editing a hidden review does not bring it back into the counts.
    await call('PUT', `/api/reviews/${rude.id}`, angry, { rating: 2 });
    expect(await cardOf(workflow.id)).toMatchObject({ rating_count: 1, rating_average: 5 });
  });
});

describe('deleted accounts', () => {
  it("takes a deleted account's reviews out of the counts", async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
    const staying = await downloader(workflow.id);
    const leaving = await downloader(workflow.id);
    await review(workflow.id, staying, 5);
    await review(workflow.id, leaving, 1);
    expect(await cardOf(workflow.id)).toMatchObject({ rating_count: 2, rating_average: 3 });
    await ctx.db.delete(user).where(eq(user.id, leaving.user.id));
    expect(await cardOf(workflow.id)).toMatchObject({ rating_count: 1, rating_average: 5 });
    expect((await reviewsOf(workflow.id)).json().summary.distribution).toEqual([0, 0, 0, 0, 1]);
  });
});

describe('deleting an account through the product', () => {
  /** Someone with a password (deletion asks for it) who downloaded the free workflow while signed in. */
  async function reviewerWithPassword(workflowId: string) {
    const session = await signUpAndVerify(ctx);
    expect((await call('GET', `/api/workflows/${workflowId}/download`, session)).statusCode).toBe(200);
    return session;
  }

  it('takes the review off the workflow’s page and out of its average and count', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
    const staying = await downloader(workflow.id);
    const leaving = await reviewerWithPassword(workflow.id);
    expect((await review(workflow.id, staying, 5, 'Works well')).statusCode).toBe(201);
    const written = await review(workflow.id, leaving, 1, 'Did not work for me at all');
    expect(written.statusCode, written.body).toBe(201);
    const reported = await call('POST', `/api/reviews/${written.json().id}/reports`, staying, {
      reason: 'spam',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    expect((await reviewsOf(workflow.id)).json().summary).toMatchObject({ count: 2, average: 3 });

    const deleted = await call('POST', '/api/profile/me/delete', leaving, { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const list = (await reviewsOf(workflow.id)).json();
    expect(list.summary).toEqual({ count: 1, average: 5, distribution: [0, 0, 0, 0, 1] });
    expect(list.reviews.map((item: { body: string }) => item.body)).toEqual(['Works well']);
    expect(await cardOf(workflow.id)).toMatchObject({ rating_count: 1, rating_average: 5 });
    // Nor does an administrator find it among reported reviews.
    const reports = (await call('GET', '/api/admin/review-reports?status=open', admin)).json();
    expect(JSON.stringify(reports)).not.toContain('Did not work for me at all');
  });

  it('migration 0020 fixes the reviews of accounts deleted before: gone from the page and the counts', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
    const staying = await downloader(workflow.id);
    const gone = await downloader(workflow.id);
    await review(workflow.id, staying, 4, 'Solid');
    await review(workflow.id, gone, 1, 'Left long ago');
    // What deleting an account did until now: the user row tombstoned, the review left as it was.
    await ctx.db
      .update(user)
      .set({ name: '', email: `deleted-${gone.user.id}@deleted.invalid`, deletedAt: new Date() })
      .where(eq(user.id, gone.user.id));
    expect((await reviewsOf(workflow.id)).json().summary.count).toBe(2);

    const migration = await readFile(
      new URL('../../db/migrations/0020_ratings_of_deleted_accounts.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await ctx.db.execute(sql.raw(statement));

    const list = (await reviewsOf(workflow.id)).json();
    expect(list.summary).toEqual({ count: 1, average: 4, distribution: [0, 0, 0, 1, 0] });
    expect(list.reviews.map((item: { body: string }) => item.body)).toEqual(['Solid']);
    expect(await cardOf(workflow.id)).toMatchObject({ rating_count: 1, rating_average: 4 });
  });
});

describe('a refunded buyer', () => {
  it('can no longer edit their review (still delete it); a current buyer can', async () => {
    const paid = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id, price: 120_000 });
    const refunded = await member();
    const keeping = await member();
    const { code } = await buyThroughTestGateway(ctx, refunded, paid.id);
    await buyThroughTestGateway(ctx, keeping, paid.id);
    const mine = await review(paid.id, refunded, 5, 'Great');
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await review(paid.id, keeping, 4, 'Good');
    expect(theirs.statusCode, theirs.body).toBe(201);

    await refundAsAdmin(ctx, admin, code);

    const edit = await call('PUT', `/api/reviews/${mine.json().id}`, refunded, {
      rating: 1,
      body: 'Changed',
    });
    expect(errorOf(edit)).toEqual([403, 'REVIEW_NOT_ALLOWED']);
    expect(edit.json().error.message).toBeTruthy();
    const own = (await reviewsOf(paid.id, refunded)).json().viewer.review;
    expect(own).toMatchObject({ rating: 5, body: 'Great' });

    const kept = await call('PUT', `/api/reviews/${theirs.json().id}`, keeping, { rating: 3, body: 'Okay' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await call('DELETE', `/api/reviews/${mine.json().id}`, refunded)).statusCode).toBe(200);
  });
});

describe('writes from another site', () => {
  it('refuses every review write sent with the cookie from another origin, and changes nothing', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: author.user.id });
    const writer = await downloader(workflow.id);
    const reader = await downloader(workflow.id);
    const id = (await review(workflow.id, writer, 4, 'Kept as it is')).json().id as string;
    const report = (await call('POST', `/api/reviews/${id}/reports`, reader, { reason: 'spam' })).json();
    const foreign = { origin: 'https://evil.example' };
    for (const [method, url, session, payload] of [
      ['PUT', `/api/reviews/${id}`, writer, { rating: 1 }],
      ['DELETE', `/api/reviews/${id}`, writer, undefined],
      ['PUT', `/api/reviews/${id}/reply`, author, { reply: 'Forged' }],
      ['POST', `/api/reviews/${id}/reports`, author, { reason: 'spam' }],
      ['POST', `/api/admin/review-reports/${report.id}/resolve`, admin, { action: 'hide' }],
    ] as const) {
      const response = await call(method, url, session, payload, foreign);
      expect(errorOf(response), `${method} ${url}`).toEqual([403, 'CROSS_SITE_REQUEST']);
    }
    const list = (await reviewsOf(workflow.id)).json();
    expect(list.reviews).toEqual([
      expect.objectContaining({ id, rating: 4, body: 'Kept as it is', reply: null }),
    ]);
    const open = (await call('GET', '/api/admin/review-reports', admin)).json();
    expect(open.filter((r: { review_id: string }) => r.review_id === id)).toHaveLength(1);
    expect(
      errorOf(await call('POST', `/api/admin/review-reports/${report.id}/resolve`, null, { action: 'hide' })),
    ).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('averages and the Top rated order', () => {
  it('ranks by the Bayesian average: one 5-star review does not beat many 4.8s, unrated ones come last', async () => {
    const seller = await member();
    const make = (title: string) => createWorkflow(ctx.db, ctx.storage, { userId: seller.user.id, title });
    const lonely = await make('One five star');
    const popular = await make('Many good ones');
    const unrated = await make('Nobody rated');
    const poor = await make('Poorly rated');
    await review(lonely.id, await downloader(lonely.id), 5);
    // 20 reviews averaging 4.8: sixteen 5s and four 4s.
    for (let index = 0; index < 20; index += 1) {
      await review(popular.id, await downloader(popular.id), index < 16 ? 5 : 4);
    }
    await review(poor.id, await downloader(poor.id), 1);
    expect(await cardOf(popular.id)).toMatchObject({ rating_count: 20, rating_average: 4.8 });
    expect(await cardOf(lonely.id)).toMatchObject({ rating_count: 1, rating_average: 5 });

    const list = (
      await call('GET', `/api/workflows?sort=rating_desc&user_id=${seller.user.id}`, null)
    ).json();
    expect(list.workflows.map((w: { id: string }) => w.id)).toEqual([
      popular.id,
      lonely.id,
      poor.id,
      unrated.id,
    ]);

    const stats = (await call('GET', `/api/author-stats/${seller.user.id}`, null)).json();
    expect(stats).toEqual({
      workflowCount: 4,
      totalFavorites: 0,
      ratingCount: 22,
      ratingAverage: Math.round(((16 * 5 + 4 * 4 + 5 + 1) / 22) * 100) / 100,
    });
  });
});

describe('download counts', () => {
  it('counts a download once per visitor and day, signed in or not, like views', async () => {
    const owner = await member();
    const workflow = await createWorkflow(ctx.db, ctx.storage, { userId: owner.user.id });
    const user = await member();
    const url = `/api/workflows/${workflow.id}/download`;
    const browser = (ua: string) => ({ 'user-agent': ua });
    await Promise.all([
      call('GET', url, user),
      call('GET', url, user),
      call('GET', `/api/workflows/${workflow.id}/versions/${workflow.version.id}/download`, user),
      call('GET', url, null, undefined, browser('A')),
      call('GET', url, null, undefined, browser('A')),
      call('GET', url, null, undefined, browser('B')),
    ]);
    expect((await cardOf(workflow.id)).downloads).toBe(3);
    const list = (await call('GET', `/api/workflows?user_id=${owner.user.id}`, null)).json();
    expect(list.workflows.find((w: { id: string }) => w.id === workflow.id).downloads).toBe(3);

    // A paid workflow refused to a non-buyer is not a download.
    const paid = await createWorkflow(ctx.db, ctx.storage, { userId: owner.user.id, price: 50_000 });
    expect((await call('GET', `/api/workflows/${paid.id}/download`, user)).statusCode).toBe(403);
    expect((await cardOf(paid.id)).downloads).toBe(0);
  });
});

describe('the review reminder', () => {
  it('e-mails a buyer once, three days after paying, in their language, and not after they reviewed', async () => {
    const workflow = await createWorkflow(ctx.db, ctx.storage, {
      userId: author.user.id,
      price: 120_000,
      title: 'Đồng bộ hoá đơn',
    });
    const pay = async (session: TestSession) => {
      const placed = await call('POST', '/api/orders', session, {
        workflow_id: workflow.id,
        provider: 'test',
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const code = placed.json().order.code as string;
      const answer = await call(
        'GET',
        `/api/payments/vnpay/ipn?${queryString(ipnParams(ctx, code, 120_000))}`,
        null,
      );
      expect(answer.json().RspCode).toBe('00');
      // A repeated IPN (providers retry) must not queue a second reminder.
      await call('GET', `/api/payments/vnpay/ipn?${queryString(ipnParams(ctx, code, 120_000))}`, null);
    };
    const vi = await member({ locale: 'vi', name: 'Chi' });
    const reviewed = await member({ name: 'Ben' });
    await pay(vi);
    await pay(reviewed);
    await review(workflow.id, reviewed, 5);
    await ctx.app.jobs.runDue();
    const reminders = (to: string) =>
      readOutbox(ctx, to).filter(
        (mail) => /review|đánh giá/i.test(mail.text) && mail.link?.includes('#reviews'),
      );
    expect(reminders(vi.user.email)).toHaveLength(0);

    clock.advance(3 * DAY + 1000);
    await ctx.app.jobs.runDue();
    clock.advance(3 * DAY);
    await ctx.app.jobs.runDue();
    const sent = reminders(vi.user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('Đồng bộ hoá đơn');
    expect(reminders(reviewed.user.email)).toHaveLength(0);
  });
});
